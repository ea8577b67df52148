"""gpt2_qa's reference: best-of-n by the judge, then fine-tuning on the winners (the original's
kind: 2,048 prompts a round, best-of-8 by a judge tournament, supervised fine-tuning on the
winners; scaled to the variant by ``$ENVSPEC_PARAMETERS``' ``reference``).

    python improve.py        (in the working directory, with student.py beside it)

With ``dictionary`` set, most of each question's candidates are drawn the way the student
learnt definitions: its corpus holds the dictionary's entries ('Famine \\Fam"ine\\, n. [F.
famine] General scarcity of food'), so for a question about a quoted word the student
continues that entry's head (the word and a backslash: it writes the pronunciation, the part of
speech and the definition), once greedily and the rest sampled, and each becomes an answer in
the shape a reader expects ('"famine" is a noun: General scarcity of food.'). The judge picks
the winner; only the student's own words are ever trained on. On a GPU where there is one.

Writes model.pt and settings.json; prints one JSON line of figures per round.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path.cwd()))
from student import Settings, Student, judge

PARAMS = json.loads(os.environ.get("ENVSPEC_PARAMETERS", "{}")).get("reference", {})
ROUNDS = int(PARAMS.get("rounds", 1))
PROMPTS = int(PARAMS.get("prompts", 48))  # a round
SAMPLES = int(PARAMS.get("samples", 4))  # answers a prompt, one kept
STEPS = int(PARAMS.get("steps", 150))
LR = float(PARAMS.get("lr", 5e-4))
BATCH = int(PARAMS.get("batch_size", 16))
DICTIONARY = bool(PARAMS.get("dictionary", False))
EXPLORE = Settings(temperature=1.0, top_k=16, max_new_tokens=40)
#: the dictionary's entries sampled cooler than the student's own answers: their heads are
#: long, and a hot sample strays from the word
ENTRY = Settings(temperature=0.8, top_k=8, max_new_tokens=64)
SUBMIT = Settings(temperature=float(PARAMS.get("temperature", 0.7)), top_k=8, max_new_tokens=40)
#: a quoted subject, which nearly every question has
SUBJECT = re.compile(r'"([^"]{1,40})"')
#: the dictionary's parts of speech, as its entries abbreviate them after the head
PARTS = {
    "n.": "a noun",
    "a.": "an adjective",
    "adj.": "an adjective",
    "v. t.": "a verb",
    "v. i.": "a verb",
    "v.": "a verb",
    "adv.": "an adverb",
    "prep.": "a preposition",
    "interj.": "an interjection",
    "pron.": "a pronoun",
    "conj.": "a conjunction",
}
_PART = re.compile(
    r"\\[^\\\n]*\\,?\s*(?:\([^)\n]*\),?\s*)?("
    + "|".join(re.escape(p) for p in sorted(PARTS, key=len, reverse=True))
    + ")"
)


def entry_answer(word: str, entry: str) -> str:
    """The answer an entry's continuation makes: '"word" is a noun: <its first definition>',
    or "" where it has none."""
    entry = re.split(r"\[1913 Webster\]|\[WordNet|\[PJC\]|\n\s*\n", entry)[0]
    part = _PART.search("\\" + entry.partition("\n")[0])
    # the etymology in brackets may run over lines: it goes before the head is cut off
    entry = re.sub(r"\[[^\]]*(?:\]|$)", " ", entry)
    body = entry.partition("\n")[2]
    body = re.sub(r"--.*|[{}]|\b\d+\.\s|\([A-Z][a-z]*\.\)", " ", body)
    body = " ".join(body.split())
    body = re.split(r"(?<=\.)\s", body, maxsplit=1)[0][:200]  # its first sentence
    if not body:
        return ""
    return f'"{word}" is {PARTS[part.group(1)] if part else "a noun"}: {body}'


def dictionary_answers(student: Student, word: str, n: int, seed: int) -> list[str]:
    """``n`` answers about ``word`` as the student continues its dictionary entry's head: the
    first greedy, the rest sampled."""
    ids = student.encode(f"{word[:1].upper()}{word[1:]} \\")
    gen = torch.Generator(device=student.device).manual_seed(seed)
    context = torch.tensor([ids] * n, device=student.device)
    with torch.no_grad():
        for _ in range(ENTRY.max_new_tokens):
            logits = student.model(context[:, -student.model.config.block_size :])[:, -1]
            top = torch.topk(logits.float() / ENTRY.temperature, ENTRY.top_k)
            pick = torch.multinomial(torch.softmax(top.values, -1), 1, generator=gen)
            pick[0] = 0  # the first row greedy: the top candidate
            context = torch.cat([context, top.indices.gather(1, pick)], dim=1)
    rows = context[:, len(ids) :].tolist()
    found = [entry_answer(word, student.tokenizer.decode(row)) for row in rows]
    return [a for a in dict.fromkeys(found) if a]  # repeats judged once


def knockout(question: str, answers: list[str]) -> str:
    """The judge's favourite of ``answers``: winners meet winners; a tie keeps the first."""
    field = answers
    while len(field) > 1:
        nxt = []
        for a, b in zip(field[::2], field[1::2], strict=False):  # an odd one out waits
            nxt.append(b if judge(question, a, b) == 0.0 else a)
        if len(field) % 2:
            nxt.append(field[-1])
        field = nxt
    return field[0]


def candidates(student: Student, question: str, seed: int) -> list[str]:
    """``SAMPLES`` answers to ``question`` (fewer where some repeat): the student's own, all
    but one drawn through the dictionary's format where the question names a word
    (``DICTIONARY``)."""
    subject = SUBJECT.search(question)
    found: list[str] = []
    if DICTIONARY and subject:
        found = dictionary_answers(student, subject.group(1), SAMPLES - 1, seed)
    own = SAMPLES - len(found)
    mine = [student.answer([question], EXPLORE, seed=seed + k)[0] for k in range(own)]
    return list(dict.fromkeys(found + mine))


def main() -> None:
    """Every round: sample, judge, fine-tune; then save."""
    base = Path(os.environ["ENVSPEC_ASSET_STUDENT"])
    questions = [json.loads(line)["prompt"] for line in (base / "train_prompts.jsonl").open()]
    rng = random.Random(0)
    student = Student(base, device="cuda" if torch.cuda.is_available() else "cpu")
    for round_ in range(ROUNDS):
        chosen = rng.sample(questions, PROMPTS)
        pairs = [
            (q, knockout(q, candidates(student, q, seed=1000 * round_ + 10 * i)))
            for i, q in enumerate(chosen)
        ]
        losses = student.finetune(pairs, steps=STEPS, lr=LR, batch_size=BATCH, seed=round_)
        print(json.dumps({"round": round_, "pairs": len(pairs), "loss": losses[-1]}), flush=True)
    student.save(Path("model.pt"))
    Path("settings.json").write_text(json.dumps(SUBMIT.__dict__) + "\n")


if __name__ == "__main__":
    main()
