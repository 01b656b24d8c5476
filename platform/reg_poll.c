/* SPDX-License-Identifier: MIT */
/*
 * platform/reg_poll.c - vclk_reg_poll() over vclk_readl(), for every
 * back-end of the register access layer (platform/vclk_reg.h): the loop
 * is the same whether the register is MMIO or the host's model, so it is
 * written once and the model's faults reach it through vclk_readl().
 * Freestanding C11.
 */
#include <stdint.h>
#include "vclk_reg.h"

/* the ghost hardware state of platform/vclk_reg.h: defined here, in the
 * file both back-ends link and the proof reads */
/*@ ghost int vclk_reg_hw; */
/*@ ghost int vclk_reg_polls; */
/*@ ghost uint32_t vclk_reg_polled; */

int vclk_reg_poll(uint32_t addr, uint32_t mask, uint32_t want, int max_polls)
{
	want &= mask;
	//@ ghost vclk_reg_polls = 0;
	/*@ loop invariant bound: 0 <= poll <= max_polls;
	    loop invariant reads: vclk_reg_polls == poll;
	    loop invariant missed: poll > 0 ==>
	      (vclk_reg_polled & mask) != (\at(want, Pre) & mask);
	    loop assigns poll, vclk_reg_hw, vclk_reg_polls, vclk_reg_polled;
	    loop variant max_polls - poll;
	*/
	for (int poll = 0; poll < max_polls; poll++) {
		uint32_t val = 0;
		int ret = vclk_readl(addr, &val);

		if (ret)
			return ret;
		//@ ghost vclk_reg_polls++;
		//@ ghost vclk_reg_polled = val;
		if ((val & mask) == want)
			return 0;
	}
	return -VCLK_ETIMEDOUT;
}
