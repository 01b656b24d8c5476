/* SPDX-License-Identifier: MIT */
/*
 * harness/eacsl/rtl_init.c - starts E-ACSL's runtime for `make
 * eacsl-check`.  The instrumented core has no main() (the tests' runner,
 * harness/tests/tharness.c, compiled normally, has it), so nothing else
 * calls __e_acsl_memory_init(), which every E-ACSL program must call
 * before its first check; a constructor does, before main().
 */
#include <stddef.h>

void __e_acsl_memory_init(int *argc_ref, char ***argv, size_t ptr_size);
void __e_acsl_memory_clean(void);

__attribute__((constructor)) static void vclk_eacsl_start(void)
{
	__e_acsl_memory_init(NULL, NULL, sizeof(void *));
}

__attribute__((destructor)) static void vclk_eacsl_stop(void)
{
	__e_acsl_memory_clean();
}
