package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func testKey(c byte) string { return strings.Repeat(string(c), 64) }

// TestDiskCache: an entry put is got back whole, in another diskCache over
// the same folder (a restart); a damaged or cut entry is a miss and goes.
func TestDiskCache(t *testing.T) {
	dir := t.TempDir()
	d, err := openDiskCache(dir, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	want := diskEntry{Output: "warning: x", Files: map[string][]byte{"a": []byte("\x7fELF..."), "b": {}}}
	if err := d.put(testKey('a'), want); err != nil {
		t.Fatal(err)
	}
	again, err := openDiskCache(dir, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := again.get(testKey('a'))
	if !ok || got.Output != want.Output || len(got.Files) != 2 || !bytes.Equal(got.Files["a"], want.Files["a"]) {
		t.Fatalf("get after reopening = %+v, %v; want %+v", got, ok, want)
	}
	if _, ok := again.get(testKey('b')); ok {
		t.Error("get of a key never put found an entry")
	}
	for name, damage := range map[string]func([]byte) []byte{
		"a flipped byte": func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"cut short":      func(b []byte) []byte { return b[:len(b)/2] },
		"empty":          func([]byte) []byte { return nil },
	} {
		t.Run(name, func(t *testing.T) {
			if err := d.put(testKey('c'), want); err != nil {
				t.Fatal(err)
			}
			p := d.path(testKey('c'))
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, damage(b), 0o600); err != nil {
				t.Fatal(err)
			}
			if e, ok := d.get(testKey('c')); ok {
				t.Errorf("get of a damaged entry = %+v, want a miss", e)
			}
			if _, err := os.Stat(p); !os.IsNotExist(err) {
				t.Errorf("the damaged entry is still there: %v", err)
			}
		})
	}
}

// TestDiskCachePrunes: past its cap the folder keeps the entries used
// last, under three quarters of the cap; a stale temporary file goes.
func TestDiskCachePrunes(t *testing.T) {
	dir := t.TempDir()
	const each = 10 << 10
	d, err := openDiskCache(dir, 4*each+each/2) // room for four entries
	if err != nil {
		t.Fatal(err)
	}
	entry := diskEntry{Files: map[string][]byte{"main": bytes.Repeat([]byte{1}, each)}}
	old := time.Now().Add(-time.Hour)
	for i, k := range []byte("abcd") {
		if err := d.put(testKey(k), entry); err != nil {
			t.Fatal(err)
		}
		// Distinct times of use, a before b before c before d.
		at := old.Add(time.Duration(i) * time.Minute)
		os.Chtimes(d.path(testKey(k)), at, at)
	}
	if _, ok := d.get(testKey('a')); !ok { // a is now the latest used
		t.Fatal("a is not kept")
	}
	tmp := filepath.Join(dir, "leftover.tmp")
	os.WriteFile(tmp, []byte("x"), 0o600)
	os.Chtimes(tmp, old.Add(-time.Hour), old.Add(-time.Hour))
	if err := d.put(testKey('e'), entry); err != nil { // five: over the cap
		t.Fatal(err)
	}
	for k, kept := range map[byte]bool{'a': true, 'b': false, 'c': false, 'd': true, 'e': true} {
		if _, err := os.Stat(d.path(testKey(k))); (err == nil) != kept {
			t.Errorf("entry %c: kept %v, want %v", k, err == nil, kept)
		}
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("a temporary file two hours old is still there: %v", err)
	}
}
