package judge

import (
	"testing"
)

func TestCombine(t *testing.T) {
	r := func(id int64, v Verdict, score float64) CaseResult {
		return CaseResult{CaseID: id, Verdict: v, Score: score}
	}
	tests := []struct {
		name    string
		results []CaseResult
		verdict Verdict
		score   float64
	}{
		{"all accepted", []CaseResult{r(1, Accepted, 100), r(2, Accepted, 100)}, Accepted, 100},
		{"first failure wins", []CaseResult{r(1, Accepted, 100), r(2, Invalid, 0), r(3, WrongAnswer, 0)}, Invalid, 100.0 / 3},
		{"suboptimal scores", []CaseResult{r(1, Suboptimal, 50), r(2, Accepted, 100)}, Suboptimal, 75},
		{"judge error not counted", []CaseResult{r(1, Accepted, 100), r(2, JudgeError, 0)}, JudgeError, 100},
		{"judge error first", []CaseResult{r(1, JudgeError, 0), r(2, NotSolved, 0)}, JudgeError, 0},
		{"only judge errors", []CaseResult{r(1, JudgeError, 0)}, JudgeError, 0},
		{"a board of check counts", []CaseResult{r(0, Suboptimal, 50)}, Suboptimal, 50},
		{"empty", nil, Accepted, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, score := Combine(tc.results)
			if v != tc.verdict || score != tc.score {
				t.Errorf("combine(%v) = %s, %v; want %s, %v", tc.results, v, score, tc.verdict, tc.score)
			}
		})
	}
}

func TestCombineProgram(t *testing.T) {
	results := []CaseResult{
		{CaseID: 1, Verdict: Accepted, Score: 100, CPUMs: 12, MemoryKiB: 3000},
		{CaseID: 2, Verdict: TimeLimit, CPUMs: 6000, MemoryKiB: 2000},
		{CaseID: 3, Verdict: MemoryLimit, CPUMs: 40, MemoryKiB: 262144},
	}
	if v, score := Combine(results); v != TimeLimit || score != 100.0/3 {
		t.Errorf("Combine = %s, %v; want time_limit, %v", v, score, 100.0/3)
	}
	if cpu, mem := ProgramFigures(results); cpu != 6000 || mem != 262144 {
		t.Errorf("ProgramFigures = %d ms, %d KiB; want 6000 ms, 262144 KiB", cpu, mem)
	}
	if cpu, mem := ProgramFigures(nil); cpu != 0 || mem != 0 {
		t.Errorf("ProgramFigures(nil) = %d, %d; want 0, 0", cpu, mem)
	}
}

func TestVerdictsClosedSet(t *testing.T) {
	seen := map[Verdict]bool{}
	for _, v := range Verdicts() {
		if seen[v] || v == "" {
			t.Errorf("Verdicts() holds %q twice or empty", v)
		}
		seen[v] = true
	}
	for _, v := range []Verdict{CompileError, TimeLimit, MemoryLimit, RuntimeError, OutputLimit} {
		if !seen[v] {
			t.Errorf("Verdicts() lacks %q", v)
		}
	}
}
