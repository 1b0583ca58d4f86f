package sandbox

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCompilerOutput: whatever bytes a compiler prints, the message kept is
// valid UTF-8, at most 64 KiB, and ends with the reason of the failure.
func FuzzCompilerOutput(f *testing.F) {
	for _, name := range []string{"syntax_error.cpp", "template_bomb.cpp"} {
		seed, err := os.ReadFile("testdata/programs/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(seed, seed, uint16(100))
	}
	f.Add([]byte("\xff\xfe"), []byte(strings.Repeat("é", 40000)), uint16(0))
	f.Fuzz(func(t *testing.T, stdout, stderr []byte, cap uint16) {
		lim := CompileLimits{Output: int64(cap)}.withDefaults(Language{})
		got := withReason(compilerOutput(execResult{stdout: stdout, stderr: stderr}, lim), "compilation failed: exit status 1")
		if !utf8.ValidString(got) || len(got) > int(MaxCompileOutput) || !strings.HasSuffix(got, "compilation failed: exit status 1") {
			t.Errorf("message of %d+%d bytes (cap %d): %d bytes, valid %v, ends %q", len(stdout), len(stderr), cap, len(got), utf8.ValidString(got), tail(got, 40))
		}
	})
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
