#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
#
# harness/fuzz/make-seeds-omap4.py - the seeds of the OMAP4 fuzz target
# (harness/fuzz/omap4_target.c, whose header documents the format) into
# corpus/fuzz-omap4/, and its dictionary harness/fuzz/vclk_fuzz_omap4.dict
# (kind bytes, rate selectors, every clock of platform/omap4/omap4430.clk
# by name).  Clocks are named, not numbered, so the seeds keep their
# meaning when the tree gains clocks.
#
#   python3 harness/fuzz/make-seeds-omap4.py [OUTDIR [DICT]]
import os
import re
import struct
import sys

PREPARE, ENABLE, DISABLE, UNPREPARE, SET_RATE, ROUND_RATE, SET_PARENT, \
    SET_RANGE, INJECT, DROP_RANGE, EXCL_GET, EXCL_PUT = range(12)
# inject types
FAIL_OP, STALL, FAIL_NTH, FAULT_ADDR = range(4)
OP_PREPARE, OP_ENABLE, OP_SET_PARENT, OP_SET_RATE = range(4)


def clk(name):
    return b"\xff" + name.encode() + b"\x00"


def call(kind, name, user=0, args=b""):
    return bytes([kind]) + clk(name) + bytes([user]) + args


def raw32(hz):
    return bytes([2]) + struct.pack("<I", hz)


def factor(f, delta=0):
    return bytes([0, f, delta & 0xff])


def achievable(f):
    return bytes([1, f])


ZERO = bytes([3])
ULONG_MAX = bytes([4])


def inject(name, typ, a=0, b=0):
    return call(INJECT, name, 0, bytes([typ, a, b]))


def set_rate(name, rate, user=0):
    return call(SET_RATE, name, user, rate)


def round_rate(name, rate, user=0):
    return call(ROUND_RATE, name, user, rate)


def set_parent(name, index, user=0):
    return call(SET_PARENT, name, user, bytes([index]))


def set_range(name, lo, hi, user=0):
    return call(SET_RANGE, name, user, lo + hi)


def hold(name, user=0):
    return call(PREPARE, name, user) + call(ENABLE, name, user)


def release(name, user=0):
    return call(DISABLE, name, user) + call(UNPREPARE, name, user)


SEEDS = {
    # the MPU DPLL at 1008 MHz (M 105, N 4), with its M2 output held while
    # it moves, then back to the boot rate
    "mpu-1008": round_rate("dpll_mpu_ck", raw32(1008000000))
    + set_rate("dpll_mpu_ck", raw32(1008000000))
    + hold("dpll_mpu_m2_ck")
    + set_rate("dpll_mpu_ck", raw32(600000000))
    + set_rate("dpll_mpu_ck", raw32(1008000000), 1)
    + release("dpll_mpu_m2_ck"),
    # a lock that never comes: set_rate times out and rolls M/N and the
    # mode back; then the same change goes through; then a lock timeout
    # of another DPLL named by number
    "mpu-lock-timeout": inject("dpll_mpu_ck", STALL)
    + set_rate("dpll_mpu_ck", raw32(1008000000))
    + set_rate("dpll_mpu_ck", raw32(1008000000))
    + inject("dpll_iva_ck", STALL)
    + set_rate("dpll_iva_ck", achievable(1))
    + inject("dpll_core_ck", STALL)
    + set_rate("dpll_core_ck", raw32(1000000000)),
    # a register access failing at each point of a DPLL set_rate
    "per-fail-nth": b"".join(
        inject("dpll_per_ck", FAIL_NTH, n) + set_rate("dpll_per_ck", raw32(960000000))
        + set_rate("dpll_per_ck", raw32(768000000))
        for n in [0] + list(range(9, 26))),
    # the hwmod pattern: a UART and an MMC module clock taken and given
    # back (the clock domain follows), one enable failing (the walk
    # rolled back switches the PER DPLL off: the documented exception),
    # one released only at the end
    "uart-mmc-hwmod": hold("uart3_fck")
    + hold("hsmmc1_fclk", 1)
    + release("uart3_fck")
    + call(PREPARE, "uart1_fck")
    + inject("uart1_fck", FAIL_OP, OP_ENABLE, 0)
    + call(ENABLE, "uart1_fck")
    + call(ENABLE, "uart1_fck")
    + inject("i2c1_fck", FAIL_NTH, 3)
    + call(PREPARE, "i2c1_fck")
    + call(ENABLE, "i2c1_fck")
    + call(DISABLE, "uart3_fck")          # holds nothing: -EINVAL
    + release("uart1_fck")
    + hold("gpt1_fck"),
    # muxes: sys_clkin to 26 MHz under a held module (every DPLL follows),
    # the ABE reference to sys_clkin and back, a failing set_parent, a
    # parent that is not an input
    "mux-set-parent": hold("gpt2_fck")
    + set_parent("sys_clkin_ck", 4)
    + set_parent("abe_dpll_refclk_mux_ck", 0)
    + inject("abe_dpll_refclk_mux_ck", FAIL_OP, OP_SET_PARENT, 0)
    + set_parent("abe_dpll_refclk_mux_ck", 1)
    + set_parent("abe_dpll_refclk_mux_ck", 1)
    + set_parent("sys_clkin_ck", 7) + clk("dpll_mpu_ck")
    + set_parent("sys_clkin_ck", 6),
    # ranges and odd targets: 0, ULONG_MAX, x factors, a range the rate
    # must move into, a range nothing meets, dropped
    "ranges-odd-rates": set_rate("dpll_core_m2_ck", ZERO)
    + set_rate("dpll_core_m2_ck", ULONG_MAX)
    + set_rate("div_core_ck", factor(2))
    + set_rate("func_96m_fclk", factor(0, 1))
    + set_range("dpll_mpu_ck", raw32(700000000), raw32(1100000000))
    + set_rate("dpll_mpu_ck", raw32(600000000), 1)
    + set_range("dpll_mpu_ck", raw32(1), raw32(2), 1)
    + set_range("dpll_abe_ck", raw32(5), raw32(1))
    + call(DROP_RANGE, "dpll_mpu_ck")
    + set_rate("dpll_abe_ck", achievable(11))
    + set_rate("abe_clk", achievable(1)),
    # an HS divider's set_rate failing in the provider, and a register
    # of the tree faulted during a set_rate
    "hsdiv-fail": inject("dpll_per_m2x2_ck", FAIL_OP, OP_SET_RATE, 0)
    + set_rate("dpll_per_m2x2_ck", raw32(96000000))
    + set_rate("dpll_per_m2x2_ck", raw32(96000000))
    + inject("dpll_core_ck", FAULT_ADDR, 5)
    + set_rate("dpll_core_ck", raw32(1000000000))
    + inject("dpll_core_ck", FAULT_ADDR, 9)
    + hold("dpll_core_m5x2_ck"),
    # once a defect (corpus/fuzz-omap4/README.md): func_48m_fclk's
    # set_rate wrote CM_SCALE_FCLK, which func_64m/96m read too
    "scale-fclk-shared-field": set_rate("func_48m_fclk", raw32(24000000)),
    # the MPU and IVA DPLLs to their bypass clocks and back (input 1,
    # low-power bypass), a set_rate refused while bypassing, the X2
    # output below the IVA DPLL, and a relock that never comes
    # handle dpll_mpu_m2_ck@u0 holds the MPU M2 output's rate: no other
    # handle (u1's, or u0's of the DPLL) may move it, its DPLL or the
    # DPLL's input (-EBUSY); the holding handle may while it holds once,
    # not twice; a put without a get changes nothing
    "exclusive-two-users": hold("dpll_mpu_m2_ck", 1)
    + call(EXCL_GET, "dpll_mpu_m2_ck")
    + set_rate("dpll_mpu_ck", raw32(1008000000), 1)
    + set_rate("dpll_mpu_m2_ck", raw32(300000000), 1)
    + set_parent("dpll_mpu_ck", 1, 1)
    + set_parent("sys_clkin_ck", 4, 1)
    + set_rate("dpll_mpu_ck", raw32(1008000000))
    + set_rate("dpll_mpu_m2_ck", raw32(300000000))
    + call(EXCL_GET, "dpll_mpu_m2_ck")
    + set_rate("dpll_mpu_m2_ck", raw32(600000000))
    + call(EXCL_PUT, "dpll_mpu_m2_ck")
    + call(EXCL_PUT, "dpll_mpu_m2_ck", 1)
    + set_rate("dpll_iva_ck", raw32(500000000), 1)
    + call(EXCL_PUT, "dpll_mpu_m2_ck")
    + set_rate("dpll_mpu_m2_ck", raw32(600000000), 1),
    "dpll-bypass-input": hold("dpll_mpu_m2_ck")
    + set_parent("dpll_mpu_ck", 1)
    + set_rate("dpll_mpu_ck", raw32(1008000000))
    + set_rate("div_mpu_hs_clk", raw32(200000000))
    + set_parent("dpll_mpu_ck", 0)
    + set_parent("dpll_iva_ck", 1)
    + set_rate("dpll_iva_x2_ck", raw32(800000000))
    + hold("dpll_iva_m4x2_ck", 1)
    + inject("dpll_iva_ck", STALL)
    + set_parent("dpll_iva_ck", 0)
    + set_parent("dpll_iva_ck", 0)
    + release("dpll_iva_m4x2_ck", 1)
    + release("dpll_mpu_m2_ck"),
}


def names(tree):
    out = []
    with open(tree) as f:
        for line in f:
            m = re.match(r"^(fixed|fixed-factor|mux|dpll|dpll-x2|hsdiv|clksel|modgate|"
                         r"gate|divider|synth|\w+)\s+(\S+)\s+", line)
            if m and m.group(1) not in ("reg", "clkdm"):
                out.append(m.group(2))
    return out


def dict_escape(b):
    return "".join(chr(c) if 32 <= c < 127 and chr(c) not in '"\\'
                   else "\\x%02x" % c for c in b)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "corpus/fuzz-omap4"
    dpath = sys.argv[2] if len(sys.argv) > 2 else "harness/fuzz/vclk_fuzz_omap4.dict"
    os.makedirs(out, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    lines = ["# harness/fuzz/vclk_fuzz_omap4.dict - generated by "
             "harness/fuzz/make-seeds-omap4.py: do not edit",
             "# every clock of platform/omap4/omap4430.clk by name"]
    for n in names("platform/omap4/omap4430.clk"):
        lines.append('clk_%s="%s"' % (re.sub(r"\W", "_", n), dict_escape(clk(n))))
    lines.append("# rates as raw u32 (selector 2)")
    for hz in (1008000000, 600000000, 800000000, 960000000, 98304000,
               48000000, 96000000, 192000000):
        lines.append('rate_%d="%s"' % (hz, dict_escape(raw32(hz))))
    lines.append("# failure injection: stall, a provider op failing, the n-th access")
    lines.append('stall="%s"' % dict_escape(bytes([INJECT, 0, 0, STALL])))
    lines.append('fail_enable="%s"' % dict_escape(bytes([FAIL_OP, OP_ENABLE, 0])))
    lines.append('fail_set_rate="%s"' % dict_escape(bytes([FAIL_OP, OP_SET_RATE, 0])))
    with open(dpath, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
