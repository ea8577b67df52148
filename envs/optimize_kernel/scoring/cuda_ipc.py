"""Device memory shared between the checker and the worker, through the CUDA driver's IPC.

The checker allocates each call's input with :func:`alloc` (an allocation of its own, so that
sharing it shares nothing else of the checker's) and sends its handle; the worker maps it with
:func:`open_handle`, and sends back the handle of the allocation that holds its output
(:func:`export`), which the checker maps to compare it. Used by both processes; ctypes only.
"""

from __future__ import annotations

import ctypes
from typing import Any

_cuda: Any = None


class _Handle(ctypes.Structure):
    _fields_ = [("reserved", ctypes.c_byte * 64)]


def _lib() -> Any:
    global _cuda
    if _cuda is None:
        lib = ctypes.CDLL("libcuda.so.1")
        lib.cuIpcOpenMemHandle_v2.argtypes = [
            ctypes.POINTER(ctypes.c_uint64),
            _Handle,
            ctypes.c_uint,
        ]
        _cuda = lib
    return _cuda


def _check(code: int, what: str) -> None:
    if code != 0:
        name = ctypes.c_char_p()
        _lib().cuGetErrorName(code, ctypes.byref(name))
        raise RuntimeError(f"{what} failed: {(name.value or b'?').decode()}")


def alloc(nbytes: int) -> int:
    """A device allocation of its own (the current context's); its address."""
    ptr = ctypes.c_uint64()
    _check(_lib().cuMemAlloc_v2(ctypes.byref(ptr), ctypes.c_size_t(nbytes)), "cuMemAlloc")
    return ptr.value


def free(ptr: int) -> None:
    _check(_lib().cuMemFree_v2(ctypes.c_uint64(ptr)), "cuMemFree")


def address_range(ptr: int) -> tuple[int, int]:
    """(base, size) of the allocation that holds ``ptr``."""
    base, size = ctypes.c_uint64(), ctypes.c_size_t()
    code = _lib().cuMemGetAddressRange_v2(
        ctypes.byref(base), ctypes.byref(size), ctypes.c_uint64(ptr)
    )
    _check(code, "cuMemGetAddressRange")
    return base.value, size.value


def export(ptr: int) -> tuple[str, int]:
    """The IPC handle (hex) of the allocation holding ``ptr`` and ``ptr``'s offset in it."""
    base, _ = address_range(ptr)
    handle = _Handle()
    _check(
        _lib().cuIpcGetMemHandle(ctypes.byref(handle), ctypes.c_uint64(base)), "cuIpcGetMemHandle"
    )
    return bytes(handle.reserved).hex(), ptr - base


def open_handle(hex_handle: str) -> tuple[int, int]:
    """Map another process's allocation; its (base address here, size)."""
    raw = bytes.fromhex(hex_handle)
    if len(raw) != 64:
        raise RuntimeError("an IPC handle is 64 bytes")
    handle = _Handle.from_buffer_copy(raw)
    ptr = ctypes.c_uint64()
    _check(_lib().cuIpcOpenMemHandle_v2(ctypes.byref(ptr), handle, 1), "cuIpcOpenMemHandle")
    return ptr.value, address_range(ptr.value)[1]


def close_handle(ptr: int) -> None:
    _check(_lib().cuIpcCloseMemHandle(ctypes.c_uint64(ptr)), "cuIpcCloseMemHandle")


class DeviceArray:
    """An int32 vector at a device address, for ``torch.as_tensor`` (no copy, no ownership)."""

    def __init__(self, ptr: int, n: int) -> None:
        self.__cuda_array_interface__ = {
            "shape": (n,),
            "typestr": "<i4",
            "data": (ptr, False),
            "version": 3,
            "strides": None,
        }
