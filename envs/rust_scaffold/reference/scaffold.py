"""The reference scaffold (the original's kind): sample several programs, keep the code of
each answer, compile it and run the public examples with rust_tools (the judge's own
utilities), and return the first program that passes them (else the first that compiles)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

import rust_tools

SAMPLES = 4
# how to read the input, shown: without it the small coder models mostly call read_line()
# without a buffer or parse an io::Result (0.5B: 0 of 16 answers compiled without the
# template, 8 of 32 with it; calibration/model-on-easy-problems.json)
SYSTEM = (
    "You are an expert competitive programmer. Answer with one complete Rust program "
    "(edition 2021, standard library only) in a single ```rust code block. It reads the whole "
    "input from stdin and prints the answer to stdout. Read the input as in this template:\n"
    "```rust\n"
    "use std::io::{self, Read};\n\n"
    "fn main() {\n"
    "    let mut input = String::new();\n"
    "    io::stdin().read_to_string(&mut input).unwrap();\n"
    "    let mut it = input.split_ascii_whitespace();\n"
    "    let n: usize = it.next().unwrap().parse().unwrap();\n"
    "    let word: String = it.next().unwrap().to_string();\n"
    "    // ... solve, then print the answer\n"
    '    println!("{}", n);\n'
    "}\n"
    "```"
)


def _check(source: str, problem: dict[str, Any]) -> tuple[bool, bool]:
    """(compiles, passes the public examples)."""
    with tempfile.TemporaryDirectory(prefix="ref-") as tmp:
        compiled = rust_tools.compile_rust(source, Path(tmp))
        if compiled.binary is None:
            return False, False
        tests = problem["public_tests"]
        return True, rust_tools.passes(compiled.binary, tests["input"], tests["output"])


async def generate_solution(
    client: Any, semaphore: asyncio.Semaphore, problem: dict[str, Any]
) -> str:
    """The first sampled program that passes the examples."""
    messages = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": problem["description"]},
    ]
    compiling: list[str] = []
    first = ""
    for i in range(SAMPLES):
        async with semaphore:
            try:
                reply = await client.chat.completions.create(
                    messages=messages, max_tokens=768, temperature=0.0 if i == 0 else 0.8
                )
            except Exception:  # the scoring's token cap is spent: keep what there is
                break
        source = rust_tools.extract_code(str(reply.choices[0].message.content))
        first = first or source
        compiles, passes = await asyncio.to_thread(_check, source, problem)
        if passes:
            return source
        if compiles:
            compiling.append(source)
    return compiling[0] if compiling else first
