"""Where games come from (issue 33, item 2): a path (str or os.PathLike), the PDN itself
given explicitly (text=, pdnkit.parse; bytes), or any file object, text or binary, read
from where it stands (what Python buffered first, then its descriptor: a pipe too)."""
import io
import os as _os
from typing import Any, Optional, Tuple, Union

from ._core import cstr0
from ._errors import ArgumentError, input_error
from ._pdnkit import ffi, lib

# What the file's guess of the variant reads of a file object: pdncheck counts the games in
# the first 64 KiB of decoded text (check_prefix.c); four times that of raw bytes holds
# them in every encoding it reads (UTF-16 and UTF-32 too) and in compressed inputs.
GUESS_BYTES = 4 * 65536

Source = Union[str, "_os.PathLike[str]", "_os.PathLike[bytes]", bytes, bytearray, memoryview, Any]


class Input:
    """What a source is; keeps whatever C borrows alive."""

    def __init__(self, source: Any = None, text: Union[str, bytes, None] = None) -> None:
        self.path: Optional[bytes] = None
        self.data: Optional[bytes] = None
        self.fd = -1
        self.head: Optional[bytes] = None
        self.name = "<memory>"
        if text is not None:
            if source is not None:
                raise TypeError("give a source or text=, not both")
            if isinstance(text, str):
                self.data = text.encode("utf-8")
            elif isinstance(text, (bytes, bytearray, memoryview)):
                self.data = bytes(text)
            else:
                raise TypeError("text must be str or bytes, not %s" % type(text).__name__)
            self.name = "<text>"
        elif isinstance(source, (str, _os.PathLike)):
            path = _os.fspath(source)
            self.path = _os.fsencode(path)
            self.name = _os.fsdecode(path)
            if b"\0" in self.path:
                raise ArgumentError("the path contains a NUL character")
        elif isinstance(source, (bytes, bytearray, memoryview)):
            self.data = bytes(source)
        elif hasattr(source, "read"):
            self._file_object(source)
        else:
            raise TypeError("a source is a path, a file object or bytes (PDN text: text=...), not %s"
                            % type(source).__name__)
        self.cname = self.name.encode("utf-8", "surrogateescape")

    def _file_object(self, source: Any) -> None:
        name = getattr(source, "name", None)
        self.name = name if isinstance(name, str) else "<file>"
        if isinstance(source, io.TextIOBase) or not isinstance(source.read(0), (bytes, bytearray)):
            # a text stream: its decoded text, from where it stands, as UTF-8
            data = source.read()
            self.data = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else bytes(data)
            return
        try:
            fd = source.fileno()
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
            fd = -1
        if fd < 0:  # BytesIO, GzipFile and the like: read it whole
            self.data = bytes(source.read())
            return
        try:
            seekable = source.seekable()
        except (AttributeError, OSError, ValueError):
            seekable = False
        if seekable:
            # the descriptor is read from the file object's position on; its first bytes
            # are kept for the file's guess of the variant (GUESS_BYTES)
            at = source.tell()
            _os.lseek(fd, at, _os.SEEK_SET)
            self.fd = fd
            self.head = _os.pread(fd, GUESS_BYTES, at)
            return
        # a pipe: what the file object buffered already, then the descriptor
        peek = getattr(source, "peek", None)
        buffered = b""
        if peek is not None:
            ahead = peek(1)
            buffered = source.read(len(ahead)) if ahead else b""
        self.fd = fd
        # the first bytes, for the file's guess of the variant, are read now and given
        # again to the reader (they are in no descriptor any more)
        chunks = [bytes(buffered)]
        have = len(chunks[0])
        while have < GUESS_BYTES:
            more = _os.read(fd, GUESS_BYTES - have)
            if not more:
                break
            chunks.append(more)
            have += len(more)
        self.prefix = self.head = b"".join(chunks)

    def open_file(self) -> Any:
        """A FILE * of the input (closed by the caller with lib.pkpy_close)."""
        err = ffi.new("pk_error *")
        if self.path is not None:
            f = lib.pkpy_open_input(self.path, ffi.NULL, 0, -1, err)
        elif self.data is not None:
            f = lib.pkpy_open_input(ffi.NULL, self.data, len(self.data), -1, err)
        else:
            prefix = getattr(self, "prefix", b"")
            f = lib.pkpy_open_prefixed(prefix, len(prefix), self.fd, err)
        if f == ffi.NULL:
            raise self.error(cstr0(err.msg))
        return f

    def guess(self, strict: bool = False) -> Any:
        """The guess of the variant of the input's games without a tag, as pdncheck makes
        it for the file (pk_file_guess_read), or NULL when it cannot be read."""
        err = ffi.new("pk_error *")
        if self.head is not None:
            f = lib.pkpy_open_input(ffi.NULL, self.head, len(self.head), -1, err)
        elif self.path is not None or self.data is not None:
            f = self.open_file()
        else:
            return ffi.NULL
        if f == ffi.NULL:
            return ffi.NULL
        g = ffi.gc(lib.pk_file_guess_new(), lib.pk_file_guess_free)
        try:
            st = lib.pk_file_guess_read(f, self.cname, strict, g, err)
        finally:
            lib.pkpy_close(f)
        return g if g != ffi.NULL and st == lib.PK_OK else ffi.NULL

    def error(self, message: str) -> Exception:
        if self.path is not None and (b"\n" in self.path or b"[" in self.path[:1]):
            # a str is a path: PDN text in one is given explicitly
            message += " (PDN text is read with pdnkit.parse(text) or pdnkit.read(text=...))"
        return input_error(self.name, message)

    def reader(self, flags: int) -> Tuple[Any, Any]:
        """(FILE * to close after the reader, or NULL; the reader)."""
        err = ffi.new("pk_error *")
        f = ffi.NULL
        if self.path is not None:
            r = lib.pk_pdn_open_path(self.path, flags, err)
        elif self.data is not None:
            r = lib.pk_pdn_open_memory(self.data, len(self.data), self.cname, flags, err)
        else:
            f = self.open_file()
            r = lib.pk_pdn_open(f, self.cname, flags, err)
            if r == ffi.NULL:
                lib.pkpy_close(f)
        if r == ffi.NULL:
            raise self.error(cstr0(err.msg))
        return f, r
