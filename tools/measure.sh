# Helpers shared by the measuring scripts of tools/ (sourced, not run):
# where the benchmark data is, and the CPU time of a command pinned to one
# core. The sourcing script sets root (the clone), core and work (a
# scratch folder) first.

# data_dir KIND VAR: the folder shared/data/KIND, from the environment
# variable VAR when it is set, else the first one found going up from the
# clone (a clone and its worktrees sit below the same folder).
data_dir() {
	local d=${!2:-}
	if [ -n "$d" ]; then
		echo "$d"
		return
	fi
	d=$root
	while [ "$d" != / ] && [ ! -d "$d/shared/data/$1" ]; do d=$(dirname "$d"); done
	echo "$d/shared/data/$1"
}

# pinned CMD...: runs CMD on the core, its CPU time and peak memory written
# for secs and peak_mb.
pinned() {
	/usr/bin/time -f "%U %S %M" -o "$work/time" taskset -c "$core" "$@"
}

# secs prints the user + sys seconds of the last pinned command.
secs() {
	awk '{printf "%.2f", $1 + $2}' "$work/time"
}

# peak_mb prints the peak resident memory of the last pinned command.
peak_mb() {
	awk '{printf "%d", $3 / 1024}' "$work/time"
}

# median prints the median of the numbers on its standard input, one per
# line (the mean of the middle two when their count is even).
median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR == 0) exit 1; printf "%.2f", NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# mean prints the mean of the numbers on its standard input, one per line.
mean() {
	awk '{ s += $1 } END { if (NR == 0) exit 1; print s / NR }'
}

# need TOOL...: exits with a message when a tool is not installed.
need() {
	local tool
	for tool in "$@"; do
		if ! command -v "$tool" >/dev/null 2>&1; then
			echo "${0##*/}: $tool is not installed" >&2
			exit 1
		fi
	done
}
