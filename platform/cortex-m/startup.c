/* SPDX-License-Identifier: MIT */
/*
 * platform/cortex-m/startup.c - the vector table and reset handler of the
 * Cortex-M firmware (no C library, no crt0: linked -nostdlib).
 *
 * Reset copies .data from flash, zeroes .bss, calls main() and hands its
 * return value to the host through semihosting (the firmware here is the
 * self-test: its status is qemu's exit status).  A fault prints its name
 * and exits with status 2, so that a wild access fails the test instead
 * of hanging it (the caller's timeout catches the rest).
 *
 * The symbols come from the linker script, lm3s6965.ld.
 */
#include <stdint.h>
#include "semihost.h"

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

int main(void);
void reset_handler(void);

/* the copies go through volatile pointers, so that the compiler cannot
 * turn them into memcpy()/memset() calls, which nothing here provides */
void reset_handler(void)
{
	const volatile uint32_t *src = __data_load;
	volatile uint32_t *dst;

	for (dst = __data_start; dst < __data_end; dst++, src++)
		*dst = *src;
	for (dst = __bss_start; dst < __bss_end; dst++)
		*dst = 0;
	semihost_exit(main());
}

static _Noreturn void fault(const char *what)
{
	semihost_write0(what);
	semihost_exit(2);
}

static void nmi_handler(void) { fault("fault: NMI\n"); }
static void hardfault_handler(void) { fault("fault: HardFault\n"); }
static void memmanage_handler(void) { fault("fault: MemManage\n"); }
static void busfault_handler(void) { fault("fault: BusFault\n"); }
static void usagefault_handler(void) { fault("fault: UsageFault\n"); }
static void other_handler(void) { fault("fault: unexpected exception\n"); }

/* the ARMv7-M vector table: initial SP, then the exception handlers */
struct vector_table {
	uint32_t *initial_sp;
	void (*handler[15])(void);
};

__attribute__((section(".vectors"), used))
static const struct vector_table vectors = {
	.initial_sp = __stack_top,
	.handler = {
		reset_handler,		/*  1 Reset */
		nmi_handler,		/*  2 NMI */
		hardfault_handler,	/*  3 HardFault */
		memmanage_handler,	/*  4 MemManage */
		busfault_handler,	/*  5 BusFault */
		usagefault_handler,	/*  6 UsageFault */
		0, 0, 0, 0,		/*  7-10 reserved */
		other_handler,		/* 11 SVCall */
		other_handler,		/* 12 DebugMonitor */
		0,			/* 13 reserved */
		other_handler,		/* 14 PendSV */
		other_handler,		/* 15 SysTick */
	},
};
