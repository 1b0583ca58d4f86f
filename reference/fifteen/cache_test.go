package fifteen

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"os"
	"slices"
	"testing"
)

// sameTables fails the test unless got's databases equal want's.
func sameTables(t *testing.T, got, want *heuristic) {
	t.Helper()
	if len(got.tables) != len(want.tables) {
		t.Fatalf("%d tables, want %d", len(got.tables), len(want.tables))
	}
	for g := range want.tables {
		if !bytes.Equal(got.tables[g], want.tables[g]) {
			t.Fatalf("table %d differs from a fresh build", g)
		}
	}
	if got.group != want.group || got.rgroup != want.rgroup || got.term != want.term || got.rterm != want.rterm {
		t.Fatal("the index terms differ from a fresh build's")
	}
}

// TestTableFileMissingThenRead builds the databases when their folder has no
// file, writes it, and reads the same databases from it next time.
func TestTableFileMissingThenRead(t *testing.T) {
	dir := t.TempDir() + "/made/by/the/cache"
	want := newHeuristic(3, partitions[3])
	h, src, why := loadHeuristic(dir, 3, partitions[3])
	if src != tablesBuilt || why != nil {
		t.Fatalf("first load: source %d, %v; want built, no error", src, why)
	}
	sameTables(t, h, want)
	if _, err := os.Stat(tableFile(dir, 3)); err != nil {
		t.Fatalf("no file after the build: %v", err)
	}
	h, src, why = loadHeuristic(dir, 3, partitions[3])
	if src != tablesLoaded || why != nil {
		t.Fatalf("second load: source %d, %v; want read from the file", src, why)
	}
	sameTables(t, h, want)
}

// TestTableFileUnsound spoils a sound file in each way the check must catch;
// each time the databases are built again, equal to a fresh build, and the
// file is replaced by a sound one.
func TestTableFileUnsound(t *testing.T) {
	groups := partitions[3]
	want := newHeuristic(3, groups)
	sound := encodeTables(3, groups, want.tables)
	// resum recomputes the checksum, so that only the other checks can
	// catch the change.
	resum := func(b []byte) []byte {
		body := b[:len(b)-4]
		binary.LittleEndian.PutUint32(b[len(body):], crc32.Checksum(body, castagnoli))
		return b
	}
	header := len(tableHeader(3, groups))
	tests := []struct {
		name  string
		spoil func([]byte) []byte
	}{
		{"a byte of a table flipped", func(b []byte) []byte { b[header+100] ^= 1; return b }},
		{"the checksum flipped", func(b []byte) []byte { b[len(b)-1] ^= 0x80; return b }},
		{"another format", func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[len(tableMagic):], tableFormat+1)
			return resum(b)
		}},
		{"other groups", func(b []byte) []byte { b[header-1] = 9; return resum(b) }},
		{"truncated", func(b []byte) []byte { return b[:len(b)-1000] }},
		{"longer", func(b []byte) []byte { return resum(append(b, 0, 0, 0, 0)) }},
		{"empty", func(b []byte) []byte { return nil }},
		{"not a table file", func(b []byte) []byte { return []byte("PK\x03\x04 a zip file") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(tableFile(dir, 3), tc.spoil(slices.Clone(sound)), 0o644); err != nil {
				t.Fatal(err)
			}
			h, src, why := loadHeuristic(dir, 3, groups)
			if src != tablesRebuilt || why == nil {
				t.Fatalf("source %d, %v; want rebuilt with a reason", src, why)
			}
			sameTables(t, h, want)
			got, err := os.ReadFile(tableFile(dir, 3))
			if err != nil || !bytes.Equal(got, sound) {
				t.Fatalf("the file was not replaced by a sound one (%v)", err)
			}
			if _, src, why := loadHeuristic(dir, 3, groups); src != tablesLoaded {
				t.Fatalf("after the rebuild: source %d, %v; want read", src, why)
			}
		})
	}
}

// TestTableFileUnwritable: a folder that cannot be written costs a build,
// not the answer.
func TestTableFileUnwritable(t *testing.T) {
	file := t.TempDir() + "/a-file"
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h, src, why := loadHeuristic(file+"/tables", 3, partitions[3])
	if src == tablesLoaded || why == nil {
		t.Fatalf("source %d, %v; want built, with the folder's error", src, why)
	}
	sameTables(t, h, newHeuristic(3, partitions[3]))
}

// TestTableFile4x4 writes the solver's 4x4 databases (those of this
// process, built once for every test) and reads them back whole.
func TestTableFile4x4(t *testing.T) {
	if err := Prepare(context.Background(), 4); err != nil {
		t.Fatal(err)
	}
	built := heuristics[4].h
	dir := t.TempDir()
	if err := writeTables(tableFile(dir, 4), encodeTables(4, partitions[4], built.tables)); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(tableFile(dir, 4))
	if err != nil {
		t.Fatal(err)
	}
	// 16*15*14 + 2 * 16*15*14*13*12*11 placements, and the header.
	if want := int64(3360 + 2*5765760 + len(tableHeader(4, partitions[4])) + 4); st.Size() != want {
		t.Errorf("file of %d bytes, want %d", st.Size(), want)
	}
	// The tables' checksum, as built when the build's branches were taken
	// out (the file format's CRC-32C): a change to the build that changes
	// one entry shows here, not only in the search's node counts.
	data, err := os.ReadFile(tableFile(dir, 4))
	if err != nil {
		t.Fatal(err)
	}
	if sum := binary.LittleEndian.Uint32(data[len(data)-4:]); sum != 0x1a526a86 {
		t.Errorf("tables' checksum %#08x, want 0x1a526a86", sum)
	}
	read, src, why := loadHeuristic(dir, 4, partitions[4])
	if src != tablesLoaded || why != nil {
		t.Fatalf("source %d, %v; want read", src, why)
	}
	sameTables(t, read, built)
}

// TestEachRow checks the placements' order and count against a walk
// over every index.
func TestEachRow(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{9, 4}, {16, 3}, {16, 4}} {
		var want []int
		for idx := range 1 << (4 * tc.k) {
			var used uint32
			ok := true
			for i := range tc.k {
				c := idx >> (4 * i) & 15
				if c >= tc.n || used&(1<<c) != 0 {
					ok = false
				}
				used |= 1 << c
			}
			if ok {
				want = append(want, idx)
			}
		}
		var got []int
		eachRow(tc.n, tc.k, func(base int, free uint32) {
			if base&15 != 0 {
				t.Fatalf("eachRow(%d, %d): row %#x has a tile 0 cell", tc.n, tc.k, base)
			}
			for c := range 16 {
				if free&(1<<c) != 0 {
					got = append(got, base|c)
				}
			}
		})
		if !slices.Equal(got, want) || len(got) != placements(tc.n, tc.k) {
			t.Errorf("eachRow(%d, %d): %d placements, want %d in index order", tc.n, tc.k, len(got), len(want))
		}
	}
}
