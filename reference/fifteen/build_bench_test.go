package fifteen

import "testing"

// BenchmarkBuildTable measures building the largest database of each
// width from scratch, which the first Solve of a process waits for.
func BenchmarkBuildTable(b *testing.B) {
	for _, w := range []int{3, 4} {
		group := partitions[w][0].tiles
		b.Run(map[int]string{3: "3x3", 4: "4x4"}[w], func(b *testing.B) {
			for range b.N {
				buildTable(w, group)
			}
		})
	}
}
