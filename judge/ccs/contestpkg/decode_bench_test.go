package contestpkg

import (
	"strconv"
	"strings"
	"testing"
)

// BenchmarkYAMLSyntaxPlace measures goccy's parser placing the fault of
// n open brackets, the worst nesting a file of n bytes holds: its time
// grows with the square of n, which goccyMax bounds.
func BenchmarkYAMLSyntaxPlace(b *testing.B) {
	for _, n := range []int{2 << 10, 4 << 10, 8 << 10, 16 << 10} {
		data := []byte(strings.Repeat("[", n))
		b.Run(strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
			for b.Loop() {
				if _, _, _, ok := goccyFault(data); !ok {
					b.Fatal("no fault placed")
				}
			}
		})
	}
}
