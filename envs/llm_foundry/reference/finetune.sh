#!/usr/bin/env bash
# Fine-tune the base model on $DATA and write the result to $OUTPUT as a Hugging Face folder:
# one process from the data to the saved folder (scripts/finetune.py).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf "$OUTPUT"
exec python scripts/finetune.py finetune.toml "$DATA" "$BASE_MODEL" "$OUTPUT"
