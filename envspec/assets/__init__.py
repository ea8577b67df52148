"""Asset builders: corpora and tokenizers made offline from packaged sources."""

from envspec.assets.corpus import build_corpus
from envspec.assets.sources import SOURCES, Source, available_sources

__all__ = ["SOURCES", "Source", "available_sources", "build_corpus"]
