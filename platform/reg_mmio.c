/* SPDX-License-Identifier: MIT */
/*
 * platform/reg_mmio.c - the firmware back-end of the register access
 * layer (platform/vclk_reg.h): a volatile 32-bit load or store at the
 * address.  Freestanding C11, no libc.
 *
 * An MMIO access on the buses this targets cannot report an error to
 * software (a bus fault is an exception, not a return value), so both
 * calls return 0.  The errno in their contracts is for the host model's
 * injected faults and for back-ends that can see errors (an I2C PMIC).
 *
 * Not linked into the host test binary: harness/regmodel/regmodel.c
 * defines the same two functions over a model (see the Makefile).
 */
#include <stdint.h>
#include "vclk_reg.h"

static volatile uint32_t *reg_ptr(uint32_t addr)
{
	return (volatile uint32_t *)(uintptr_t)addr;
}

int vclk_readl(uint32_t addr, uint32_t *val)
{
	*val = *reg_ptr(addr);
	return 0;
}

int vclk_writel(uint32_t addr, uint32_t val)
{
	*reg_ptr(addr) = val;
	return 0;
}
