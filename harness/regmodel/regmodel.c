/* SPDX-License-Identifier: MIT */
/*
 * harness/regmodel/regmodel.c - the host register model (see regmodel.h).
 *
 * Small arrays, searched linearly but for the registers: the fuzz targets
 * look a register up for every access and every check, thousands of times
 * an input, so an open-addressing index (addr -> entry) finds it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "regmodel.h"

struct reg {
	uint32_t addr;
	uint32_t value;
	uint32_t reset_value;
	uint32_t write_only;
	uint32_t read_only;
	bool hiword;
};

struct follow_hook {
	uint32_t status_addr;
	uint32_t status_mask;
	uint32_t ctrl_addr;
	uint32_t ctrl_mask;
	uint32_t ctrl_value;	/* the status bit is set when ctrl & mask == this */
	int delay_reads;
	bool shown;		/* what the status bit reads as now */
	int pending_reads;	/* reads left before it shows the control bit */
	bool stalled;
};

enum fault_kind { FAULT_NTH, FAULT_ADDR };

struct fault {
	enum fault_kind kind;
	int countdown;		/* FAULT_NTH: accesses until it fires */
	uint32_t addr;		/* FAULT_ADDR */
	int err;
};

static struct reg regs[REGMODEL_MAX_REGS];
static int nr_regs;

/* the index: twice the map's size, so that a probe sequence stays short;
 * an entry is 1 + the register's position in regs[], 0 when free */
#define INDEX_SIZE (2 * REGMODEL_MAX_REGS)
_Static_assert((INDEX_SIZE & (INDEX_SIZE - 1)) == 0, "a power of two");
_Static_assert(REGMODEL_MAX_REGS < 32768, "entries fit an int16_t");
static int16_t reg_index[INDEX_SIZE];
static struct follow_hook hooks[REGMODEL_MAX_HOOKS];
static int nr_hooks;
static struct fault faults[REGMODEL_MAX_FAULTS];
static int nr_faults;

static struct regmodel_access access_log[REGMODEL_LOG_LEN];
static int log_len;
static int log_dropped;
static char log_buf[REGMODEL_LOG_LEN * 32 + 64];

/* ==================== registers ==================== */

void regmodel_reset(void)
{
	/* entries past nr_regs are never read: get_reg() clears a new one */
	memset(reg_index, 0, sizeof(reg_index));
	nr_regs = 0;
	memset(hooks, 0, sizeof(hooks));
	nr_hooks = 0;
	regmodel_clear_faults();
	regmodel_log_clear();
}

/* where @addr's probe sequence starts (Fibonacci hashing) */
static unsigned int index_home(uint32_t addr)
{
	return (addr * 2654435761u) & (INDEX_SIZE - 1);
}

/* the index slot that holds @addr, or the free slot where it would go */
static unsigned int index_slot(uint32_t addr)
{
	unsigned int k = index_home(addr);

	while (reg_index[k] && regs[reg_index[k] - 1].addr != addr)
		k = (k + 1) & (INDEX_SIZE - 1);
	return k;
}

static struct reg *find_reg(uint32_t addr)
{
	int16_t e = reg_index[index_slot(addr)];

	return e ? &regs[e - 1] : NULL;
}

/* the register at @addr, defined with reset value 0 if new; NULL if full */
static struct reg *get_reg(uint32_t addr)
{
	struct reg *r = find_reg(addr);

	if (r || nr_regs == REGMODEL_MAX_REGS)
		return r;
	r = &regs[nr_regs++];
	memset(r, 0, sizeof(*r));
	r->addr = addr;
	reg_index[index_slot(addr)] = (int16_t)nr_regs;
	return r;
}

int regmodel_define(uint32_t addr, uint32_t reset_value)
{
	struct reg *r = get_reg(addr);

	if (!r)
		return -VCLK_ENOMEM;
	r->reset_value = reset_value;
	r->value = reset_value;
	return 0;
}

int regmodel_count(void)
{
	return nr_regs;
}

int regmodel_peek(uint32_t addr, uint32_t *val)
{
	const struct reg *r = find_reg(addr);

	if (!r)
		return -VCLK_ENOENT;
	*val = r->value;
	return 0;
}

int regmodel_poke(uint32_t addr, uint32_t val)
{
	struct reg *r = get_reg(addr);

	if (!r)
		return -VCLK_ENOMEM;
	r->value = val;
	return 0;
}

/* ==================== images ==================== */

struct regmodel_image {
	int nr_regs, nr_hooks;
	int room;		/* registers regs[] has room for */
	struct follow_hook hooks[REGMODEL_MAX_HOOKS];
	struct reg regs[];
};

struct regmodel_image *regmodel_save(struct regmodel_image *reuse)
{
	struct regmodel_image *img = reuse;

	if (!img || img->room < nr_regs) {
		img = realloc(reuse, sizeof(*img) + (size_t)nr_regs * sizeof(regs[0]));
		if (!img) {
			free(reuse);
			return NULL;
		}
		img->room = nr_regs;
	}
	img->nr_regs = nr_regs;
	img->nr_hooks = nr_hooks;
	memcpy(img->hooks, hooks, (size_t)nr_hooks * sizeof(hooks[0]));
	memcpy(img->regs, regs, (size_t)nr_regs * sizeof(regs[0]));
	return img;
}

void regmodel_restore(const struct regmodel_image *img)
{
	/*
	 * Only the index entries in use are cleared, newest first: each is
	 * then found where its insertion put it, behind the older ones still
	 * in place (clearing the whole index would cost more than the
	 * registers of a tree).
	 */
	for (int i = nr_regs - 1; i >= 0; i--)
		reg_index[index_slot(regs[i].addr)] = 0;
	nr_regs = img->nr_regs;
	memcpy(regs, img->regs, (size_t)nr_regs * sizeof(regs[0]));
	for (int i = 0; i < nr_regs; i++)
		reg_index[index_slot(regs[i].addr)] = (int16_t)(i + 1);
	nr_hooks = img->nr_hooks;
	memcpy(hooks, img->hooks, (size_t)nr_hooks * sizeof(hooks[0]));
	regmodel_clear_faults();
	regmodel_log_clear();
}

/* ==================== hardware behaviour ==================== */

/*
 * whether the control field of @h holds its value as the register holds
 * it now (false if undefined): for a bit hook, whether the bit is set
 */
static bool ctrl_bit(const struct follow_hook *h)
{
	const struct reg *r = find_reg(h->ctrl_addr);

	return r && (r->value & h->ctrl_mask) == h->ctrl_value;
}

static int add_hook(uint32_t status_addr, unsigned int status_bit,
		    uint32_t ctrl_addr, uint32_t ctrl_mask, uint32_t ctrl_value,
		    int delay_reads)
{
	struct follow_hook *h;

	if (status_bit > 31 || ctrl_mask == 0 || (ctrl_value & ~ctrl_mask) ||
	    delay_reads < 0)
		return -VCLK_EINVAL;
	if (nr_hooks == REGMODEL_MAX_HOOKS)
		return -VCLK_ENOMEM;
	h = &hooks[nr_hooks++];
	memset(h, 0, sizeof(*h));
	h->status_addr = status_addr;
	h->status_mask = 1u << status_bit;
	h->ctrl_addr = ctrl_addr;
	h->ctrl_mask = ctrl_mask;
	h->ctrl_value = ctrl_value;
	h->delay_reads = delay_reads;
	/* the hardware settled before the hook was known: no delay now */
	h->shown = ctrl_bit(h);
	return 0;
}

int regmodel_follow(uint32_t status_addr, unsigned int status_bit,
		    uint32_t ctrl_addr, unsigned int ctrl_bit_nr, int delay_reads)
{
	if (ctrl_bit_nr > 31)
		return -VCLK_EINVAL;
	return add_hook(status_addr, status_bit, ctrl_addr, 1u << ctrl_bit_nr,
			1u << ctrl_bit_nr, delay_reads);
}

int regmodel_follow_field(uint32_t status_addr, unsigned int status_bit,
			  uint32_t ctrl_addr, uint32_t ctrl_mask,
			  uint32_t ctrl_value, int delay_reads)
{
	return add_hook(status_addr, status_bit, ctrl_addr, ctrl_mask,
			ctrl_value, delay_reads);
}

bool regmodel_has_hook(uint32_t addr)
{
	for (int i = 0; i < nr_hooks; i++)
		if (hooks[i].status_addr == addr)
			return true;
	return false;
}

int regmodel_set_masks(uint32_t addr, uint32_t write_only, uint32_t read_only)
{
	struct reg *r = get_reg(addr);

	if (!r)
		return -VCLK_ENOMEM;
	r->write_only = write_only;
	r->read_only = read_only;
	return 0;
}

int regmodel_set_hiword(uint32_t addr)
{
	struct reg *r = get_reg(addr);

	if (!r)
		return -VCLK_ENOMEM;
	r->hiword = true;
	return 0;
}

/* what register @r holds after a write of @val */
static uint32_t written_value(const struct reg *r, uint32_t val)
{
	uint32_t old = r->value;

	if (r->hiword) {
		uint32_t enabled = val >> 16;

		val = ((old & ~enabled) | (val & enabled)) & 0xffffu;
	}
	return (old & r->read_only) | (val & ~r->read_only);
}

/* a read of @addr: apply the follow hooks to @val and advance their delays */
static uint32_t apply_hooks_on_read(uint32_t addr, uint32_t val)
{
	for (int i = 0; i < nr_hooks; i++) {
		struct follow_hook *h = &hooks[i];

		if (h->status_addr != addr)
			continue;
		if (h->pending_reads > 0)
			h->pending_reads--;
		else if (!h->stalled)
			h->shown = ctrl_bit(h);
		val = h->shown ? (val | h->status_mask) : (val & ~h->status_mask);
	}
	return val;
}

/* a write changed @addr from @old to @new: start the delays it triggers */
static void apply_hooks_on_write(uint32_t addr, uint32_t old, uint32_t new)
{
	for (int i = 0; i < nr_hooks; i++) {
		struct follow_hook *h = &hooks[i];

		if (h->ctrl_addr == addr && ((old ^ new) & h->ctrl_mask))
			h->pending_reads = h->delay_reads;
	}
}

/* ==================== faults ==================== */

static bool errno_ok(int err)
{
	return err < 0 && err >= -VCLK_MAX_ERRNO;
}

static int arm(const struct fault *f)
{
	if (!errno_ok(f->err))
		return -VCLK_EINVAL;
	if (nr_faults == REGMODEL_MAX_FAULTS)
		return -VCLK_ENOMEM;
	faults[nr_faults++] = *f;
	return 0;
}

int regmodel_fail_nth(int n, int err)
{
	if (n < 1)
		return -VCLK_EINVAL;
	return arm(&(struct fault){ .kind = FAULT_NTH, .countdown = n, .err = err });
}

int regmodel_fail_addr(uint32_t addr, int err)
{
	return arm(&(struct fault){ .kind = FAULT_ADDR, .addr = addr, .err = err });
}

int regmodel_stall(uint32_t status_addr)
{
	int found = 0;

	for (int i = 0; i < nr_hooks; i++) {
		if (hooks[i].status_addr == status_addr) {
			hooks[i].stalled = true;
			found = 1;
		}
	}
	return found ? 0 : -VCLK_ENOENT;
}

void regmodel_clear_faults(void)
{
	memset(faults, 0, sizeof(faults));
	nr_faults = 0;
	for (int i = 0; i < nr_hooks; i++)
		hooks[i].stalled = false;
}

/*
 * Count this access down on every fail_nth fault (dropping those that
 * fire) and return the errno it fails with, or 0.  All faults count the
 * access even when an earlier one already fails it, so "the k-th access"
 * means the k-th, whatever else is armed.
 */
static int fault_for_access(uint32_t addr)
{
	int err = 0;
	int kept = 0;

	for (int i = 0; i < nr_faults; i++) {
		struct fault *f = &faults[i];
		bool fires = f->kind == FAULT_ADDR ? f->addr == addr
						   : --f->countdown == 0;

		if (fires && !err)
			err = f->err;
		if (!(fires && f->kind == FAULT_NTH))
			faults[kept++] = *f;
	}
	nr_faults = kept;
	return err;
}

/* ==================== accesses ==================== */

static void log_access(uint32_t addr, uint32_t value, bool write, int err)
{
	if (log_len == REGMODEL_LOG_LEN) {
		log_dropped++;
		return;
	}
	access_log[log_len++] = (struct regmodel_access){
		.addr = addr, .value = value, .write = write, .err = err,
	};
}

/* the register an access reaches, or the errno the access fails with */
static int reach(uint32_t addr, struct reg **r)
{
	int err = fault_for_access(addr);

	if (err)
		return err;
	*r = get_reg(addr);
	return *r ? 0 : -VCLK_ENOMEM;
}

int vclk_readl(uint32_t addr, uint32_t *val)
{
	struct reg *r = NULL;
	int err = reach(addr, &r);
	uint32_t v;

	if (err) {
		log_access(addr, 0, false, err);
		return err;
	}
	v = apply_hooks_on_read(addr, r->value & ~r->write_only);
	*val = v;
	log_access(addr, v, false, 0);
	return 0;
}

int vclk_writel(uint32_t addr, uint32_t val)
{
	struct reg *r = NULL;
	int err = reach(addr, &r);
	uint32_t old;

	log_access(addr, val, true, err);
	if (err)
		return err;
	old = r->value;
	r->value = written_value(r, val);
	apply_hooks_on_write(addr, old, r->value);
	return 0;
}

/* ==================== access log ==================== */

void regmodel_log_clear(void)
{
	log_len = 0;
	log_dropped = 0;
	log_buf[0] = 0;
}

int regmodel_log_len(void)
{
	return log_len;
}

const struct regmodel_access *regmodel_log_at(int i)
{
	return (i >= 0 && i < log_len) ? &access_log[i] : NULL;
}

const char *regmodel_log_str(void)
{
	size_t used = 0;

	log_buf[0] = 0;
	for (int i = 0; i < log_len; i++) {
		const struct regmodel_access *a = &access_log[i];
		const char *sep = i ? ", " : "";

		if (a->err)
			used += snprintf(log_buf + used, sizeof(log_buf) - used,
					 "%s%c 0x%x FAIL %d", sep,
					 a->write ? 'W' : 'R', a->addr, a->err);
		else
			used += snprintf(log_buf + used, sizeof(log_buf) - used,
					 "%s%c 0x%x=0x%x", sep,
					 a->write ? 'W' : 'R', a->addr, a->value);
	}
	if (log_dropped)
		snprintf(log_buf + used, sizeof(log_buf) - used,
			 ", ... (%d more)", log_dropped);
	return log_buf;
}
