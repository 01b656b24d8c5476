#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""harness/fuzz/make-seeds.py - write the seed corpus corpus/fuzz/.

Each seed is a short program in the fuzz input format (harness/fuzz/
decode.c): a tree byte, for a generated tree its clock bytes, then one
call after another.  Together they make every call kind, every clock
type and every flag happen at least once, on the seed example A/B/C and
on small generated trees, so that the fuzzer starts from inputs that
reach deep paths (set-rate-parent chains, vetoes, rollbacks, reparents
of held clocks, register faults).

    python3 harness/fuzz/make-seeds.py [DIR]    (default corpus/fuzz)

Decode any seed to read it: build/fuzz/vclk-fuzz-decode SEED PREFIX.
"""
import os
import struct
import sys

KINDS = ["prepare", "unprepare", "enable", "disable", "prepare_enable",
         "disable_unprepare", "get_rate", "round_rate", "set_rate",
         "set_rate_range", "set_min_rate", "set_max_rate", "get_parent",
         "set_parent", "is_enabled", "put", "disable_unused", "notify",
         "unnotify", "fail", "fault_addr", "clear_faults"]
K = {name: i for i, name in enumerate(KINDS)}
# the extension's kinds take kind bytes 242..249 and 251, one each (fz.h,
# decode.c ext_kind_bytes): byte values no earlier input used as a kind
K.update({"exclusive_get": 242, "exclusive_put": 243,
          "set_rate_exclusive": 244, "bulk_prepare": 245, "bulk_enable": 246,
          "bulk_prepare_enable": 247, "bulk_disable": 248,
          "bulk_unprepare": 249, "bulk_disable_unprepare": 251})
FOPS = {"prepare": 0, "enable": 1, "set_parent": 2, "set_rate": 3}
TYPES = {"fixed": 0, "synth": 1, "ff": 2, "gate": 3, "mux": 4, "div": 5}
RATES = [0, 1, 32768, 1000000, 24000000, 26000000, 48000000, 50000000,
         100000000, 104000000, 150000000, 200000000, 300000000, 333333333,
         1000000000, 4000000000, 1 << 40, (1 << 64) - 1]


def rate(hz):
    """a rate as its raw 64-bit form: selector 3, table byte, 8 bytes"""
    return bytes([3, 0]) + struct.pack(">Q", hz)


def ref(clock, user=0):
    return bytes([(user << 4) | clock])


def call(kind, clock=0, user=0, *args):
    out = bytes([K[kind]]) + ref(clock, user)
    if kind in ("round_rate", "set_rate", "set_min_rate", "set_max_rate",
                "set_rate_exclusive"):
        out += rate(args[0])
    elif kind == "set_rate_range":
        out += rate(args[0]) + rate(args[1])
    elif kind == "set_parent":
        out += bytes([args[0]])
    elif kind == "notify":
        out += bytes([0 if args and args[0] else 1])
    elif kind == "fail":
        out += bytes([FOPS[args[0]], args[1] - 1])
    elif kind == "fault_addr":
        out += bytes([args[0]])
    return out


def bulk(kind, *refs):
    """a bulk call on 1..4 references, each a clock or (clock, user): the
    first reference byte, a count byte, the other references"""
    refs = [r if isinstance(r, tuple) else (r, 0) for r in refs]
    assert 1 <= len(refs) <= 4
    return (bytes([K[kind]]) + ref(*refs[0]) + bytes([len(refs) - 1]) +
            b"".join(ref(*r) for r in refs[1:]))


def rate_index(hz):
    return RATES.index(hz)


# flag byte: bit 0 set-rate-parent; 0x06 set-rate-gate; 0x18
# set-parent-gate; 0x60 ignore-unused.  The critical byte: 0 = critical.
# Gates and muxes share registers, as decode.c allocates them: a field
# that starts a new shared register is followed by that register's value.
class Tree:
    def __init__(self):
        self.clocks = []
        self.shared_bit = None

    def _shared(self, width, init):
        if self.shared_bit is None or self.shared_bit + width > 32:
            self.shared_bit = width
            return struct.pack(">I", init)
        self.shared_bit += width
        return b""

    def add(self, kind, parents=(), flags=0, critical=False, params=b""):
        out = bytes([TYPES[kind]])
        if kind == "mux":
            out += bytes([len(parents) - 1])
        if kind not in ("fixed", "synth"):
            out += bytes(parents)
        out += bytes([flags, 0 if critical else 1]) + params
        self.clocks.append(out)
        return self

    def fixed(self, hz, **kw):
        return self.add("fixed", params=bytes([rate_index(hz)]), **kw)

    def synth(self, lo, hi, hz, **kw):
        return self.add("synth", params=bytes([rate_index(lo), rate_index(hi),
                                               rate_index(hz)]), **kw)

    def ff(self, parent, mult, div, **kw):
        return self.add("ff", [parent], params=bytes([mult - 1, div - 1]), **kw)

    def gate(self, parent, set_to_disable=False, hiword=False, init=0,
             bit=0, **kw):
        b = (1 if set_to_disable else 0) | (6 if hiword else 0)
        if hiword:
            params = bytes([b]) + struct.pack(">H", init) + bytes([bit])
        else:
            params = bytes([b]) + self._shared(1, init)
        return self.add("gate", [parent], params=params, **kw)

    def mux(self, parents, wider=False, closest=False, table_off=None,
            init=0, **kw):
        width = max(1, (len(parents) - 1).bit_length()) + (1 if wider else 0)
        b = (1 if closest else 0) | (2 if table_off is not None else 0)
        params = bytes([1 if wider else 0, b]) + self._shared(width, init)
        if table_off is not None:
            params += bytes([table_off])
        return self.add("mux", parents, params=params, **kw)

    def div(self, parent, width_byte, kind, closest=False, shift=0, init=0,
            table=None, **kw):
        params = bytes([width_byte, kind, 1 if closest else 0, shift])
        params += struct.pack(">I", init)
        if table is not None:
            params += bytes([len(table) - 1, 0]) + bytes(d - 1 for d in table)
        return self.add("div", [parent], params=params, **kw)

    def bytes(self):
        """a generated tree: tree byte 1, the count, then the clocks"""
        return bytes([1, len(self.clocks) - 1]) + b"".join(self.clocks)


def rate_index(hz):
    return RATES.index(hz)


PLAIN, ONE, ONE_ZERO, POW2, TABLE = range(5)

SEED_ABC = bytes([0])
A, B, C = 0, 1, 2

SEEDS = {
    # the seed documentation's walk-through on A/B/C
    "abc-set-rate-parent": SEED_ABC + b"".join([
        call("prepare_enable", C), call("get_rate", C),
        call("round_rate", C, 0, 26000000), call("set_rate", C, 0, 26000000),
        call("get_rate", A), call("get_rate", B), call("set_rate", B, 0, 300000000),
        call("round_rate", C, 1, 75000000), call("set_rate", C, 1, 75000000),
        call("disable_unprepare", C), call("put", C)]),
    "abc-veto": SEED_ABC + b"".join([
        call("notify", A), call("notify", B, 0, True), call("notify", C),
        call("set_rate", C, 0, 26000000), call("unnotify", B),
        call("set_rate", C, 0, 26000000), call("unnotify", B),
        call("get_rate", A)]),
    "abc-fail-set-rate": SEED_ABC + b"".join([
        call("notify", A), call("fail", B, 0, "set_rate", 2),
        call("set_rate", B, 0, 200000000), call("set_rate", C, 0, 26000000),
        call("set_rate", C, 0, 26000000), call("fail", A, 0, "set_rate", 1),
        call("set_rate", A, 0, 300000000)]),
    "abc-ranges": SEED_ABC + b"".join([
        call("set_rate_range", C, 1, 50000000, 60000000),
        call("set_min_rate", C, 2, 55000000), call("set_max_rate", C, 2, 40000000),
        call("set_rate", C, 0, 100000000), call("get_rate", C),
        call("set_rate_range", B, 0, 300000000, 100000000), call("put", C, 1),
        call("set_rate", C, 0, 100000000), call("round_rate", C, 2, 1)]),
    "abc-refcounts": SEED_ABC + b"".join([
        call("prepare", B), call("enable", B, 1), call("enable", B),
        call("prepare", B, 1), call("enable", B, 1), call("unprepare", B, 1),
        call("disable", B, 1), call("disable_unprepare", B, 1),
        call("unprepare", B), call("disable", B), call("put", B),
        call("disable_unprepare", B), call("put", B), call("fail", A, 0, "prepare", 1),
        call("prepare_enable", C), call("fail", C, 0, "enable", 1),
        call("prepare_enable", C), call("disable_unused")]),
    # put of a notified handle is -EBUSY (fz.h,
    # MODEL_PUT_BUSY_WHILE_NOTIFIED); make check flips the switch to the
    # old defect and expects this seed to fail, so the checker is shown to
    # catch a library that leaves the model
    "abc-put-notified": SEED_ABC + b"".join([
        call("notify", A, 1), call("put", A, 1), call("set_rate", A, 0, 300000000),
        call("unnotify", A, 1), call("set_rate", A, 0, 100000000)]),
    # a gate and a mux share a register; a hiword gate has its own
    "gates-mux-faults": Tree().fixed(24000000).fixed(100000000)
        .mux([0, 1], init=0x20)
        .gate(2)
        .gate(0, set_to_disable=True, flags=0x60)
        .gate(1, hiword=True, init=0x0010, bit=4).bytes() + b"".join([
        call("prepare_enable", 3), call("is_enabled", 3), call("get_parent", 2),
        call("set_parent", 2, 0, 1), call("get_rate", 3), call("fault_addr", 0, 0, 0),
        call("set_parent", 2, 0, 0), call("disable", 3), call("is_enabled", 3),
        call("clear_faults"), call("enable", 3), call("fail", 2, 0, "set_parent", 1),
        call("set_parent", 2, 0, 0), call("disable_unprepare", 3),
        call("prepare_enable", 5), call("fault_addr", 0, 0, 1),
        call("disable_unprepare", 5), call("is_enabled", 5),
        call("clear_faults"), call("disable_unused"), call("is_enabled", 4),
        call("put", 3), call("set_parent", 3, 0, 2)]),
    # a mux choosing its input for a rate (REQ-RATE-4): the switch with
    # references and notifiers, a failed switch rolled back, a held mux,
    # a divider below asking for a rate only the other input gives, and a
    # no-reparent mux (flag 0x80) that keeps its input
    "mux-rate-switch": Tree().fixed(24000000).fixed(100000000)
        .mux([0, 1], init=0x0)
        .gate(2)
        .div(2, 2, PLAIN, init=0, flags=1)
        .mux([0, 1], flags=0x80, init=0x0).bytes() + b"".join([
        call("prepare_enable", 3), call("notify", 2), call("notify", 3),
        call("round_rate", 2, 0, 100000000), call("set_rate", 2, 0, 100000000),
        call("get_parent", 2), call("get_rate", 3),
        call("fail", 0, 0, "enable", 1), call("set_rate", 2, 0, 24000000),
        call("fail", 2, 0, "set_parent", 1), call("set_rate", 2, 0, 24000000),
        call("set_rate", 2, 0, 24000000), call("set_rate", 4, 0, 50000000),
        call("exclusive_get", 2, 1), call("set_rate", 2, 0, 24000000),
        call("exclusive_put", 2, 1), call("set_rate", 5, 0, 100000000),
        call("get_parent", 5), call("disable_unprepare", 3)]),
    # a divider of every encoding under a synth, set-rate-parent
    "dividers": Tree().synth(100000000, 300000000, 200000000)
        .div(0, 2, PLAIN, init=1, flags=1)
        .div(1, 3, ONE, closest=True, flags=1)
        .div(2, 1, POW2, shift=3, flags=1)
        .div(1, 2, TABLE, table=[2, 3, 4, 6], flags=1)
        .div(0, 0xe0, ONE_ZERO, init=5, flags=1).bytes() + b"".join([
        call("set_rate", 3, 0, 26000000), call("round_rate", 4, 0, 33000000),
        call("set_rate", 4, 0, 33000000), call("set_rate", 5, 0, 1000000),
        call("set_rate", 2, 0, 0), call("set_rate", 1, 0, (1 << 64) - 1),
        call("prepare", 2), call("set_rate", 3, 1, 150000000),
        call("fail", 1, 0, "set_rate", 1), call("set_rate", 3, 0, 50000000)]),
    # fixed-factor, set-rate-gate, set-parent-gate, critical
    "flags": Tree().synth(24000000, 1000000000, 100000000)
        .ff(0, 2, 4, flags=1)
        .ff(1, 4, 1, flags=0x07)
        .mux([0, 1, 2], flags=0x18, table_off=1, init=0x1)
        .gate(3, critical=True).bytes() + b"".join([
        call("set_rate", 2, 0, 50000000), call("prepare", 2),
        call("set_rate", 2, 0, 26000000), call("set_parent", 3, 0, 0),
        call("notify", 4), call("set_rate", 1, 0, 300000000),
        call("set_parent", 3, 1, 2), call("get_parent", 3), call("put", 4, 1),
        call("fail", 3, 0, "enable", 1), call("prepare_enable", 3, 2)]),
    # exclusive rates, two users contending on A/B/C: a held clock and its
    # ancestors are refused to the others; its holder may move it while
    # it holds one reference, not two; put refuses a holder; a put
    # without a get does nothing; set_rate_exclusive is both or neither;
    # a clock both held and outside a range is -EBUSY (the hold first)
    "abc-exclusive": SEED_ABC + b"".join([
        call("notify", A),
        call("exclusive_get", C, 1),
        call("set_rate_range", B, 2, 100000000, 100000000),
        call("set_rate", C, 0, 200000000),
        call("set_rate_range", B, 2, 0, (1 << 64) - 1),
        call("set_rate", C, 0, 50000000),
        call("round_rate", C, 0, 50000000), call("set_rate", A, 0, 300000000),
        call("set_rate", C, 1, 50000000), call("get_rate", C),
        call("exclusive_get", C, 1), call("set_rate", C, 1, 100000000),
        call("put", C, 1), call("set_rate", C, 0, 50000000),
        call("set_rate_range", C, 2, 0, 40000000), call("set_min_rate", C, 2, 0),
        call("set_rate_exclusive", C, 2, 25000000),
        call("exclusive_put", C, 1), call("exclusive_put", C, 1),
        call("exclusive_put", C, 1), call("put", C, 1),
        call("set_rate_exclusive", B, 2, 200000000),
        call("set_rate_exclusive", C, 0, 100000000),
        call("exclusive_get", C), call("set_rate", C, 1, 300000000),
        call("set_rate_exclusive", B, 2, 100000000), call("exclusive_put", C),
        call("set_rate_exclusive", B, 2, 100000000), call("get_rate", C),
        call("put", B, 2), call("set_rate", B, 2, 300000000),
        call("exclusive_put", B, 2), call("set_rate", B, 2, 200000000)]),
    # the order of the checks: clock by clock in index order, a consumer's
    # range (-EINVAL) on k1 before the hold (-EBUSY) on k3, its parent,
    # registered after it; a request the held parent cannot follow is
    # refused whole, even where a divider alone could reach it
    "excl-order": Tree().fixed(24000000)
        .div(0x83, 2, PLAIN)
        .div(0x83, 1, PLAIN, flags=1)
        .synth(100000000, 300000000, 200000000).bytes() + b"".join([
        call("set_rate_range", 1, 2, 200000000, 200000000),
        call("exclusive_get", 3, 1), call("set_rate", 2, 0, 300000000),
        call("set_rate_range", 1, 2, 0, (1 << 64) - 1),
        call("set_rate", 2, 0, 300000000), call("set_rate", 2, 0, 100000000),
        call("set_rate", 3, 1, 150000000), call("get_rate", 1),
        call("set_max_rate", 2, 1, 100000000), call("exclusive_get", 3, 1),
        call("set_rate", 3, 1, 100000000), call("set_max_rate", 3, 2, 100000000),
        call("set_rate", 3, 0, 100000000)]),
    # a held clock is not reparented through another handle, nor through
    # its own once it holds two references; the checks before the hold's
    # (already the parent, not an input) answer first
    "mux-exclusive": Tree().fixed(24000000).fixed(100000000)
        .mux([0, 1], init=0)
        .gate(2).bytes() + b"".join([
        call("exclusive_get", 3, 1), call("set_parent", 2, 0, 1),
        call("set_parent", 2, 1, 1), call("set_parent", 2, 0, 0),
        call("set_parent", 2, 0, 3), call("prepare_enable", 3),
        call("exclusive_put", 3, 1), call("exclusive_get", 2, 1),
        call("set_parent", 2, 1, 1), call("get_rate", 3),
        call("exclusive_get", 2, 1), call("set_parent", 2, 1, 0),
        call("put", 2, 1), call("exclusive_put", 2, 1),
        call("exclusive_put", 2, 1), call("put", 2, 1),
        call("set_parent", 2, 0, 0), call("disable_unprepare", 3),
        call("put", 3, 1)]),
    # bulk calls on A/B/C: a handle named twice takes two references; a
    # failure in the middle (an injected prepare on C, a handle that has
    # not prepared, an injected enable on B under C) leaves every count as
    # the call found it; the void ones count a refused element as misuse
    # and release the others
    "abc-bulk": SEED_ABC + b"".join([
        bulk("bulk_prepare_enable", C, (B, 1), C), call("get_rate", C),
        bulk("bulk_disable_unprepare", C, C),
        call("fail", C, 0, "prepare", 1),
        bulk("bulk_prepare", A, B, C, (A, 1)),
        bulk("bulk_prepare", A), bulk("bulk_enable", A, (B, 2), A),
        bulk("bulk_disable_unprepare", (B, 1)),
        call("fail", B, 0, "enable", 1),
        bulk("bulk_prepare_enable", A, (C, 1), (A, 2)),
        bulk("bulk_disable", A, (A, 1)), bulk("bulk_unprepare", (A, 1), A),
        bulk("bulk_unprepare", C), bulk("bulk_prepare", C, C, B, C),
        bulk("bulk_enable", C, B, C), call("put", C),
        bulk("bulk_disable", C, C), bulk("bulk_unprepare", C, B, C, C),
        call("put", C), call("put", B)]),
    # clk_bulk_prepare_enable() prepares every element before it enables
    # any: the prepare of C's parent B fails before A's enable is called,
    # so A's armed enable failure is still there for the next call
    "abc-bulk-phases": SEED_ABC + b"".join([
        call("fail", B, 0, "prepare", 1), call("fail", A, 0, "enable", 1),
        bulk("bulk_prepare_enable", (A, 1), (C, 2)),
        bulk("bulk_prepare_enable", (A, 1)),
        bulk("bulk_prepare_enable", (A, 1), (C, 2)),
        call("is_enabled", C), bulk("bulk_disable_unprepare", (C, 2), (A, 1)),
        call("is_enabled", A)]),
    # bulk calls on gates: a faulted register in the middle of a bulk
    # enable rolls back the gates switched on before it (and switches off
    # a gate that was on with no reference, as the README documents); an
    # injected enable failure after a handle named twice
    "gates-bulk": Tree().fixed(24000000)
        .gate(0, init=0x1)
        .gate(0, set_to_disable=True)
        .gate(1, hiword=True, init=0x0000, bit=3)
        .gate(2).bytes() + b"".join([
        bulk("bulk_prepare_enable", 1, 2, 4), call("is_enabled", 4),
        bulk("bulk_disable_unprepare", 1, 2, 4), call("is_enabled", 1),
        call("fault_addr", 0, 0, 1),
        bulk("bulk_prepare_enable", 1, 4, 3, 2), call("is_enabled", 2),
        call("clear_faults"), bulk("bulk_prepare", 2, 4, (2, 1)),
        call("fail", 4, 0, "enable", 1),
        bulk("bulk_enable", 2, (2, 1), 4), call("is_enabled", 2),
        bulk("bulk_enable", 2, 4), bulk("bulk_enable", 3),
        bulk("bulk_disable_unprepare", 4, 2, (2, 1)), call("is_enabled", 4)]),
    # inputs named before they exist, and one that never does
    "orphans": Tree().fixed(26000000)
        .gate(0xf0, critical=True)
        .div(0x81, 1, PLAIN, init=1, flags=1)
        .mux([0xf1, 2], init=0)
        .synth(1000000, 300000000, 100000000).bytes() + b"".join([
        call("get_rate", 2), call("get_parent", 1), call("set_parent", 3, 0, 2),
        call("prepare_enable", 3), call("set_rate", 3, 0, 13000000),
        call("get_parent", 3), call("disable_unused"), call("set_parent", 4, 0, 2)]),
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "corpus/fuzz"
    os.makedirs(out, exist_ok=True)
    for name, data in sorted(SEEDS.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
