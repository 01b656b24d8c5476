/* SPDX-License-Identifier: MIT */
/*
 * platform/cortex-m/semihost.c - see semihost.h.  The operation number
 * goes in r0, the pointer to its argument block in r1; the host answers
 * in r0 (IHI 0091: "Semihosting for AArch32 and AArch64").
 */
#include <stdint.h>
#include "semihost.h"

#define SYS_WRITE0                  0x04
#define SYS_EXIT_EXTENDED           0x20
#define ADP_Stopped_ApplicationExit 0x20026u

static int semihost_call(int op, const void *arg)
{
	register int r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = arg;

	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

void semihost_write0(const char *s)
{
	semihost_call(SYS_WRITE0, s);
}

void semihost_write_num(long v)
{
	char buf[16];
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	int n = sizeof(buf) - 1;

	buf[n] = 0;
	do {
		buf[--n] = (char)('0' + u % 10);
		u /= 10;
	} while (u && n > 1);
	if (v < 0)
		buf[--n] = '-';
	semihost_write0(buf + n);
}

_Noreturn void semihost_exit(int status)
{
	const uint32_t block[2] = { ADP_Stopped_ApplicationExit, (uint32_t)status };

	semihost_call(SYS_EXIT_EXTENDED, block);
	for (;;)
		;
}
