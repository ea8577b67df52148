"""gpt2_qa's prompts: questions with a written answer each, from packaged data, split by the
operator's secret.

Sources (no chat or instruction corpus is packaged for offline use; ASSETS.md):

- ``gcide``: the GNU Collaborative International Dictionary of English (Debian ``dict-gcide``,
  GPL-3+): "What does the word X mean?" and its variants, answered with the entry's first
  definition;
- ``jargon``: the Jargon File (Debian ``jargon-text``, public domain): "What does X mean in
  hacker slang?", answered with the entry's first sentences;
- ``chatterbot``: ChatterBot's English corpus (PyPI ``chatterbot-corpus==1.3.3``, BSD-3):
  short questions and replies.

The answers train the supervised opponent (the original's gpt2-alpaca) and validate the judge;
the agent gets the training prompts only, never an answer (the original had none either).
Which prompts are held out is decided by HMAC-SHA256 under the operator's secret, so that
nothing in the repository or the agent's image says which they are.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import re
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

from envspec.assets import sources
from envspec.assets.secret import AssetSecret

CHATTERBOT = "chatterbot-corpus==1.3.3"
#: the label the split is keyed under
SPLIT_LABEL = "gpt2_qa/prompts"
#: the longest answer kept (characters): the students answer in at most 60 tokens
MAX_ANSWER = 300

#: how a definition is asked for (one chosen per word, by its hash: no secret needed)
DEFINITION_QUESTIONS = (
    'What does the word "{w}" mean?',
    'What is the meaning of "{w}"?',
    'Can you define the word "{w}"?',
    'Explain what "{w}" means.',
    'I came across the word "{w}". What does it mean?',
    'What is meant by "{w}"?',
)
JARGON_QUESTIONS = (
    'What does "{w}" mean in hacker slang?',
    'In programmer jargon, what is "{w}"?',
    'What do hackers mean by "{w}"?',
)


@dataclasses.dataclass(frozen=True)
class Prompt:
    """One question and the answer written for it."""

    source: str
    prompt: str
    answer: str

    def key(self) -> str:
        """What the split is keyed on: the prompt's own text."""
        return f"{self.source}\n{self.prompt}"


def _pick(options: tuple[str, ...], word: str) -> str:
    digest = hashlib.sha256(word.encode()).digest()
    return options[digest[0] % len(options)]


def _sentences(text: str, limit: int) -> str:
    """Whole sentences of ``text`` up to ``limit`` characters (at least the first, cut)."""
    out = ""
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        if out and len(out) + 1 + len(sentence) > limit:
            break
        out = f"{out} {sentence}".strip()
    return out[:limit]


_GCIDE_HEAD = re.compile(r"^([A-Za-z][A-Za-z -]{2,30}) \\[^\\]+\\, ([a-z. ]+?)(?:[\[,;]|\n|$)")
_ASIDES = re.compile(r"\[[^\]]*\]|\\[^\\]*\\|\{|\}|\((?:[A-Z][a-z]*\.\s*)+\)")
#: a definition: a capitalised sentence of plain words (not an inflection or a citation)
_DEFINITION = re.compile(r"(?:^|\s)([A-Z][a-z]* [a-z][^.:\n]*\.)(?=\s|$)")
_POS = {"n.": "noun", "v. t.": "verb", "v. i.": "verb", "a.": "adjective", "adv.": "adverb"}
#: how many dictionary questions are kept (the rest would drown the other sources)
GCIDE_KEPT = 20000


def headwords() -> list[str]:
    """Every GCIDE headword of a plain part of speech (noun, verb, adjective, adverb) in
    letters, spaces and hyphens, lowercase, in the dictionary's order: the words a control's
    subject is drawn from (judge.Outlines)."""
    found: dict[str, None] = {}
    for _, entry in sources.SOURCES["dict-gcide"].extractor(Path()):
        head = _GCIDE_HEAD.match(entry)
        if head and head.group(2).strip().rstrip(",") in _POS and head.group(1).isascii():
            found.setdefault(head.group(1).strip().lower(), None)
    return list(found)


#: Debian's wamerican: the English words a control tells fragments of a subject from
ENGLISH_WORDS = Path("/usr/share/dict/words")


def english_words() -> list[str]:
    """The common English words of ENGLISH_WORDS (those written in lowercase letters only:
    no names, no possessives), in its order.

    Raises:
        SystemExit: the list is missing (install Debian's wamerican).
    """
    if not ENGLISH_WORDS.is_file():
        raise SystemExit(f"{ENGLISH_WORDS} is missing: install Debian's wamerican")
    lines = ENGLISH_WORDS.read_text(errors="replace").split("\n")
    return [w for w in lines if w.isascii() and w.isalpha() and w.islower()]


def gcide() -> Iterator[Prompt]:
    """A question for each GCIDE headword with a plain first definition (GCIDE_KEPT of them,
    chosen by the hash of the word: the same every build)."""
    found: dict[str, Prompt] = {}
    for _, entry in sources.SOURCES["dict-gcide"].extractor(Path()):
        head = _GCIDE_HEAD.match(entry)
        if not head:
            continue
        word, pos = head.group(1).strip(), head.group(2).strip().rstrip(",")
        if word.lower() in found or pos not in _POS or not word.isascii():
            continue
        body = re.split(r"\n\s*(?:2\.|\[1913 Webster\])", _ASIDES.sub(" ", entry))[0]
        body = re.sub(r"\s+", " ", body)
        if re.search(r"\b(?:See|Same as|Obs\.|Written also)\b", body):
            continue
        first = _DEFINITION.search(body)
        if not first or not first.group(1).isascii():
            continue
        definition = first.group(1)
        if not 20 <= len(definition) <= 240:
            continue
        question = _pick(DEFINITION_QUESTIONS, word).format(w=word.lower())
        article = "an" if _POS[pos][0] in "aeiou" else "a"
        found[word.lower()] = Prompt(
            "gcide", question, f'"{word.lower()}" is {article} {_POS[pos]}: {definition}'
        )
    kept = sorted(found, key=lambda w: hashlib.sha256(w.encode()).digest())[:GCIDE_KEPT]
    yield from (found[w] for w in sorted(kept))


_JARGON_HEAD = re.compile(r"^\s*:([^:\n]{2,40}):\s*(?:[a-z.,/ ]*)\n", re.M)


def jargon() -> Iterator[Prompt]:
    """A question for each Jargon File entry with a self-contained first paragraph."""
    for _, entry in sources.SOURCES["jargon-text"].extractor(Path()):
        head = _JARGON_HEAD.match(entry)
        if not head:
            continue
        term = head.group(1).strip()
        rest = entry[head.end() :].strip()
        para = re.sub(r"\s+", " ", rest.split("\n\n")[0]).replace("{", "").replace("}", "")
        para = para.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
        if len(para) < 30 or "See " in para[:20] or not para.isascii():
            continue
        question = _pick(JARGON_QUESTIONS, term).format(w=term)
        yield Prompt("jargon", question, _sentences(para, MAX_ANSWER))


def chatterbot(wheel: Path) -> Iterator[Prompt]:
    """ChatterBot's English question-and-reply pairs (the first two turns of each)."""
    import yaml

    with zipfile.ZipFile(wheel) as zf:
        names = sorted(
            n for n in zf.namelist() if "/data/english/" in n and n.endswith((".yml", ".yaml"))
        )
        for name in names:
            data = yaml.safe_load(zf.read(name)) or {}
            for turns in data.get("conversations") or []:
                if len(turns) < 2 or not all(isinstance(t, str) for t in turns[:2]):
                    continue
                q, a = (" ".join(t.split()) for t in turns[:2])
                if len(q) >= 8 and 2 <= len(a) <= MAX_ANSWER and q.isascii() and a.isascii():
                    q = q[0].upper() + q[1:]
                    yield Prompt("chatterbot", q if q[-1] in "?.!" else q + "?", a)


def collect(chatterbot_wheel: Path) -> list[Prompt]:
    """Every prompt of every source, each prompt text once (the first answer kept)."""
    out: dict[str, Prompt] = {}
    for p in (*gcide(), *jargon(), *chatterbot(chatterbot_wheel)):
        out.setdefault(p.prompt.lower(), p)
    return list(out.values())


def split(
    prompts: list[Prompt],
    secret: AssetSecret,
    *,
    held_out: int,
    train: int,
    holdable: Callable[[Prompt], bool] = lambda _: True,
) -> tuple[list[Prompt], list[Prompt]]:
    """(held-out, train): the prompts ordered by HMAC-SHA256 of their text under the secret;
    the first ``held_out`` of the ``holdable`` ones are held out, the first ``train`` of the
    rest are for training.

    Raises:
        ValueError: fewer prompts than asked for.
    """
    if len(prompts) < held_out + train or sum(map(holdable, prompts)) < held_out:
        raise ValueError(f"{len(prompts)} prompts, {held_out + train} asked for")
    key = secret.derive(SPLIT_LABEL)
    ordered = sorted(
        prompts, key=lambda p: hmac.new(key, p.key().encode(), hashlib.sha256).digest()
    )
    held = [p for p in ordered if holdable(p)][:held_out]
    kept = {p.key() for p in held}
    return held, [p for p in ordered if p.key() not in kept][:train]


def write_jsonl(path: Path, prompts: list[Prompt], *, answers: bool) -> None:
    """One JSON object a line: source and prompt, and the answer when ``answers``."""
    with path.open("w") as f:
        for p in prompts:
            row = dataclasses.asdict(p) if answers else {"source": p.source, "prompt": p.prompt}
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
