#!/usr/bin/env bash
# Fine-tune the base model on $DATA and write the result to $OUTPUT as a Hugging Face folder.
# The scorer runs it as:  DATA=... BASE_MODEL=... OUTPUT=... bash finetune.sh
set -euo pipefail
cd "$(dirname "$0")"
rm -rf work "$OUTPUT"
python scripts/tokenize_data.py --config finetune.toml --data "$DATA" \
    --tokenizer "$BASE_MODEL/tokenizer.json" --out work/tokens/train
# as the original: the training split doubles as the validation split
cp -r work/tokens/train work/tokens/valid
python scripts/launch.py scripts/train.py finetune.toml
python scripts/convert.py work/checkpoints/latest.pt "$OUTPUT"
rm -rf work
