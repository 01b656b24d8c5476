/* SPDX-License-Identifier: MIT */
/*
 * my_osc.h - a clock type of our own: a programmable oscillator whose
 * rate is a register field times a fixed step (rate = mult * step, mult
 * in 1..max_mult), as a board's fractional synthesizer might be.
 */
#ifndef MY_OSC_H
#define MY_OSC_H

#include <stdint.h>
#include <vclk/clk-provider.h>

/**
 * struct my_osc - the oscillator's configuration: the clock's priv
 * @reg: bus address of its control register; bits 0..15 hold mult
 * @step: the rate one unit of mult adds, in Hz
 * @max_mult: the largest mult the hardware takes (at most 0xffff)
 * @saved: the register as save_context() found it (the op's own state:
 *	the config must be writable)
 */
struct my_osc {
	uint32_t reg;
	unsigned long step;
	unsigned int max_mult;
	uint32_t saved;
};

extern const struct vclk_ops my_osc_ops;

#endif /* MY_OSC_H */
