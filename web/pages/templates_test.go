package pages

import "testing"

// TestHumanKiB checks the memory figures of the program pages.
func TestHumanKiB(t *testing.T) {
	for _, tc := range []struct {
		kib  int64
		want string
	}{
		{0, "0 KiB"}, {536, "536 KiB"}, {1023, "1023 KiB"}, {1024, "1.0 MiB"}, {2560, "2.5 MiB"},
		{100 << 10, "100 MiB"}, {256 << 10, "256 MiB"}, {1 << 20, "1.00 GiB"}, {5 << 19, "2.50 GiB"},
	} {
		if got := humanKiB(tc.kib); got != tc.want {
			t.Errorf("humanKiB(%d) = %q, want %q", tc.kib, got, tc.want)
		}
	}
}
