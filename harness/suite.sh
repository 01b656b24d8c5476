# SPDX-License-Identifier: MIT
#
# harness/suite.sh - sourced by the test scripts: run_suite, and the
# totals it keeps (total_pass, total_fail, status; the caller sets them to
# 0 and makes $tmp a scratch directory).

summary_re='^[0-9]+ passed, [0-9]+ failed$'

# run_suite NAME CMD...: run a test runner, echo its output and add its
# "N passed, M failed" to the totals; its output stays in $tmp/run.log.
# A runner that dies without a summary, or exits non-zero after an
# all-passed summary (a sanitizer report at exit, say), counts as one more
# failure.
run_suite() {
	local name=$1 rc line p f
	shift
	"$@" </dev/null 2>&1 | tee "$tmp/run.log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E "$summary_re" "$tmp/run.log" | tail -n 1)
	if [ -z "$line" ]; then
		echo "RUNNER DIED: $name (exit $rc, no summary line)"
		total_fail=$((total_fail + 1))
		status=1
		return
	fi
	p=${line%% passed*}
	f=${line#*, }
	f=${f%% failed}
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	if [ "$f" -ne 0 ]; then
		status=1
	elif [ "$rc" -ne 0 ]; then
		echo "RUNNER FAILED: $name exited $rc after its summary"
		total_fail=$((total_fail + 1))
		status=1
	fi
}
