"""pdnkit.Position on every square of every variant row (issue 31, "the class, not just the
cases"; tests/README.md "Variants x tools"): the squares 1..max and their algebraic names
(a1..l12 on 12x12, in the variant's frame) as the library's geometry lists them
(tests/scripts/variant-games.c squares), a lone king on each:

- the FEN with the number and the FEN with the name are the same position, and .fen reads back;
- its legal moves start on that square (RULES 1.4), each one, written short, full, and
  from-to with algebraic names, is legal (check() None) and play() gives its fen_after;
- the king on each destination can go back: the reverse move, written with names, is legal.
"""
import os
import subprocess

import pdnkit
import pytest
from conftest import BUILD

HELPER = os.path.join(BUILD, "tests", "helpers", "variant-games")


def helper(*args):
    assert os.access(HELPER, os.X_OK), "%s was not built (make build-tests)" % HELPER
    return subprocess.run([HELPER, *args], stdout=subprocess.PIPE, check=True).stdout.decode().splitlines()


def test_every_variant_row_is_listed():
    # the helper lists pk_variant_at(0 .. pk_variant_count()-1): the module has them all
    assert helper("list") == pdnkit.variants()


@pytest.mark.parametrize("variant", pdnkit.variants())
def test_every_square(variant):
    rows = [line.split("\t") for line in helper("squares", variant)]
    names = {int(r[0]): r[1] for r in rows}
    assert sorted(names) == list(range(1, len(names) + 1)) and len(set(names.values())) == len(names)
    for num, name in names.items():
        p = pdnkit.Position("W:WK%d:B" % num, variant)
        q = pdnkit.Position("W:WK%s:B" % name, variant)
        assert p == q, (variant, num, name)
        assert pdnkit.Position(p.fen, variant) == p
        moves = p.legal_moves()
        assert moves, (variant, num)
        for m in moves:
            # numbers and names of the same squares (issue 33: .path is the variant's own
            # notation, names on algebraic boards; .path_numbers the numbers)
            assert m.path_numbers[0] == num and m.path_numbers[-1] != num, (variant, num, m.full)
            to = m.path_numbers[-1]
            after = p.play(m)
            assert after.fen == m.fen_after
            for written in (m.short, m.full, "%s-%s" % (name, names[to]), "%d-%d" % (num, to)):
                assert p.check(written) is None, (variant, p.fen, written)
                assert p.play(written) == after, (variant, p.fen, written)
            back = pdnkit.Position("W:WK%s:B" % names[to], variant)
            assert back.check("%s-%s" % (names[to], name)) is None, (variant, back.fen, names[to], name)


def test_longest_fen_whole():
    # issue 31: 60 kings on Canadian's 12x12 board (its own notation is numeric: 234 characters,
    # 261 algebraic, where PK_FEN_MAX's old 256 cut pdnfen's): Position.fen is sized by
    # pk_fen_write's answer, writes it whole and reads it back
    fen = "W:W%s:B%s" % (",".join("K%d" % s for s in range(1, 31)), ",".join("K%d" % s for s in range(43, 73)))
    p = pdnkit.Position(fen, "canadian")
    assert p.fen == fen and len(p.fen) == 234
    assert pdnkit.Position(p.fen, "canadian") == p
