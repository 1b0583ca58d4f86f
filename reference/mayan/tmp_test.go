package mayan
import ("testing";"context")
func BenchmarkTmp3(b *testing.B) {
	bd := mustBoard(b, 5, "3 1 2 2 3 2 2", "2 2 1 3 2 1 1", "1 3 2 1 1 3 3", "2 1 1 3 3 1 2", "3 2 2 1 1 3 1")
	cpu := cpuTime()
	var s Solution
	for b.Loop() { s, _ = Solve(context.Background(), bd, nil) }
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(s.Nodes), "nodes")
}
