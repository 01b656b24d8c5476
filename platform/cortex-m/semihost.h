/* SPDX-License-Identifier: MIT */
/*
 * platform/cortex-m/semihost.h - Arm semihosting on Cortex-M (bkpt 0xab):
 * text output and an exit status for the host (qemu -semihosting, or a
 * debugger).  Freestanding; for test firmware only: on a board without a
 * debugger attached, bkpt 0xab is a HardFault.
 */
#ifndef VCLK_SEMIHOST_H
#define VCLK_SEMIHOST_H

/* SYS_WRITE0: write the NUL-terminated @s to the host's console */
void semihost_write0(const char *s);

/* @v in decimal, through semihost_write0() (no C library to format it) */
void semihost_write_num(long v);

/*
 * SYS_EXIT_EXTENDED with ADP_Stopped_ApplicationExit: the host ends the
 * program with @status as its exit status (qemu exits with it); never
 * returns (a host that ignores the call leaves the core in a loop).
 */
_Noreturn void semihost_exit(int status);

#endif /* VCLK_SEMIHOST_H */
