"""The starting scaffold: one prompt, the model's answer returned as it is."""

from __future__ import annotations

import asyncio
from typing import Any

PROMPT = "Write a Rust program (standard library only) that solves this problem.\n\n"


async def generate_solution(
    client: Any, semaphore: asyncio.Semaphore, problem: dict[str, Any]
) -> str:
    """The Rust program for ``problem`` (see contest.py for the arguments)."""
    async with semaphore:
        reply = await client.chat.completions.create(
            messages=[{"role": "user", "content": PROMPT + problem["description"]}],
            max_tokens=768,
            temperature=0.0,
        )
    return str(reply.choices[0].message.content)
