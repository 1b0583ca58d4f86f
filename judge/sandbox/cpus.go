package sandbox

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
)

// ParseCPUs reads a list of cores in the kernel's cpuset format ("2",
// "0-3", "1,3,5-7") and returns them in order, each once. Every core must
// exist on this machine.
func ParseCPUs(list string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for part := range strings.SplitSeq(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err != nil || a < 0 || b < a {
			return nil, fmt.Errorf("%q is not a core or a range of cores such as 0-3", part)
		}
		for c := a; c <= b; c++ {
			if c >= runtime.NumCPU() {
				return nil, fmt.Errorf("core %d does not exist: this machine has cores 0-%d", c, runtime.NumCPU()-1)
			}
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 && strings.TrimSpace(list) != "" {
		return nil, fmt.Errorf("%q names no core", list)
	}
	return out, nil
}
