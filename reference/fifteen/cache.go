package fifteen

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"
	"os"
	"path/filepath"
	"sync"
)

// The 4x4 databases take seconds to build and 11.5 MB to keep, so a process
// reads them from a file that an earlier process wrote, when there is one
// and it is sound, and writes that file after it builds them.
//
// The file holds, for each group, one byte per placement of the group's
// tiles on distinct cells, in the order of their index (pdb.go): the slots
// of the sparse index where two tiles share a cell are no placement and are
// not stored. Layout, integers little-endian:
//
//	magic "PJ15PDB\n", format (uint32), width (uint32), groups (uint32),
//	per group its tile count (uint32) and tiles (one byte each),
//	per group its placements' bytes,
//	the CRC-32C (Castagnoli) of everything before it (uint32).
//
// A file whose magic, format, width, groups, length or checksum is not the
// one expected is not used: the tables are built again and the file
// replaced.

// tableFormat is the version of the file's layout and of the meaning of its
// bytes; it changes when either does (a new build rule, say), so that files
// of older builds are replaced instead of read.
const tableFormat = 1

// tableMagic opens every table file.
const tableMagic = "PJ15PDB\n"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// tableDir is where the 4x4 databases are kept between processes; "" keeps
// none. The databases are one per process (heuristics), so where they are
// kept is too.
var tableDir struct {
	sync.Mutex
	dir string
}

// SetTableDir names the folder where the 4x4 pattern databases are kept
// between processes (created when missing); "" keeps them nowhere, the
// default. It acts on the first 4x4 Solve or Prepare of the process, so it
// is called before them: the server gives its data folder, the solve
// command the user's cache folder. A folder that cannot be written costs
// only the next process's build.
func SetTableDir(dir string) {
	tableDir.Lock()
	tableDir.dir = dir
	tableDir.Unlock()
}

func currentTableDir() string {
	tableDir.Lock()
	defer tableDir.Unlock()
	return tableDir.dir
}

// tableFile is the path of the file of width's databases in dir.
func tableFile(dir string, width int) string {
	return filepath.Join(dir, fmt.Sprintf("fifteen-pdb-%dx%d.bin", width, width))
}

// tableSource says where loadHeuristic took the databases from.
type tableSource int

const (
	tablesBuilt   tableSource = iota // no folder, or no file in it: built
	tablesLoaded                     // read from the file
	tablesRebuilt                    // a file was there but unsound: built again
)

// loadHeuristic returns the databases of width with the given groups, read
// from their file in dir when it is sound, else built (and then written
// there, when dir is not ""). why says what was wrong with a file not used.
func loadHeuristic(dir string, width int, groups [][]uint8) (h *heuristic, src tableSource, why error) {
	if dir == "" {
		return newHeuristic(width, groups), tablesBuilt, nil
	}
	path := tableFile(dir, width)
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		src = tablesBuilt
	case err != nil:
		src, why = tablesRebuilt, err
	default:
		tables, err := decodeTables(data, width, groups)
		if err == nil {
			return newHeuristicFrom(width, groups, tables), tablesLoaded, nil
		}
		src, why = tablesRebuilt, err
	}
	h = newHeuristic(width, groups)
	if err := writeTables(path, encodeTables(width, groups, h.tables)); err != nil && why == nil {
		why = err
	}
	return h, src, why
}

// encodeTables returns the file's bytes for the given tables.
func encodeTables(width int, groups [][]uint8, tables [][]uint8) []byte {
	header := tableHeader(width, groups)
	out := append(make([]byte, 0, tableFileLen(header, width, groups)), header...)
	for g, t := range tables {
		out = packTable(out, t, width*width, len(groups[g]))
	}
	return binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, castagnoli))
}

// tableFileLen is the length of the file of the given header, width and
// groups: the header, a byte per placement of each group, the checksum.
func tableFileLen(header []byte, width int, groups [][]uint8) int {
	n := len(header) + 4
	for _, tiles := range groups {
		n += placements(width*width, len(tiles))
	}
	return n
}

// tableHeader is the file's header for the given width and groups.
func tableHeader(width int, groups [][]uint8) []byte {
	out := []byte(tableMagic)
	out = binary.LittleEndian.AppendUint32(out, tableFormat)
	out = binary.LittleEndian.AppendUint32(out, uint32(width))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(groups)))
	for _, tiles := range groups {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(tiles)))
		out = append(out, tiles...)
	}
	return out
}

// decodeTables checks a file's bytes against the expected width and
// groups, and its checksum, and returns the tables it holds.
func decodeTables(data []byte, width int, groups [][]uint8) ([][]uint8, error) {
	header := tableHeader(width, groups)
	if len(data) < len(tableMagic)+4 || !bytes.HasPrefix(data, []byte(tableMagic)) {
		return nil, errors.New("not a table file")
	}
	if format := binary.LittleEndian.Uint32(data[len(tableMagic):]); format != tableFormat {
		return nil, fmt.Errorf("format %d, want %d", format, tableFormat)
	}
	if !bytes.HasPrefix(data, header) {
		return nil, errors.New("width or groups not those of this build")
	}
	n := width * width
	if want := tableFileLen(header, width, groups); len(data) != want {
		return nil, fmt.Errorf("%d bytes, want %d", len(data), want)
	}
	body := data[:len(data)-4]
	if sum := binary.LittleEndian.Uint32(data[len(body):]); crc32.Checksum(body, castagnoli) != sum {
		return nil, errors.New("checksum mismatch")
	}
	tables := make([][]uint8, len(groups))
	rest := body[len(header):]
	for g, tiles := range groups {
		k := len(tiles)
		m := placements(n, k)
		tables[g] = unpackTable(rest[:m], n, k)
		rest = rest[m:]
	}
	return tables, nil
}

// writeTables writes the file under a temporary name and renames it, so
// that a process reading the folder meanwhile, or one writing the same
// file, never sees half of one.
func writeTables(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// placements is the number of placements of k tiles on n cells.
func placements(n, k int) int {
	p := 1
	for i := range k {
		p *= n - i
	}
	return p
}

// eachRow calls fn once per row of placements of k tiles on n cells, in
// increasing index order: a row is the placements that differ in tile 0's
// cell only (digit 0), so fn gets the row's index with digit 0 zero and
// the cells left free for tile 0, one bit each. Packing and unpacking by
// rows instead of by placements keeps the per-placement work to a loop
// over a bit mask.
func eachRow(n, k int, fn func(base int, free uint32)) {
	all := uint32(1)<<n - 1
	var rec func(digit, idx int, used uint32)
	rec = func(digit, idx int, used uint32) {
		if digit == 0 {
			fn(idx, all&^used)
			return
		}
		shift := 4 * digit
		for c := range n {
			if used&(1<<c) == 0 {
				rec(digit-1, idx|c<<shift, used|1<<c)
			}
		}
	}
	rec(k-1, 0, 0)
}

// packTable appends the entries of table's placements to out, in index
// order.
func packTable(out []byte, table []uint8, n, k int) []byte {
	eachRow(n, k, func(base int, free uint32) {
		row := table[base : base+16]
		for ; free != 0; free &= free - 1 {
			out = append(out, row[bits.TrailingZeros32(free)&15])
		}
	})
	return out
}

// unpackTable is the inverse of packTable: the sparse table whose
// placements hold packed's bytes and whose other slots are unreached.
func unpackTable(packed []byte, n, k int) []uint8 {
	table := unreachedTable(1 << (4 * k))
	j := 0
	eachRow(n, k, func(base int, free uint32) {
		row := table[base : base+16]
		for ; free != 0; free &= free - 1 {
			row[bits.TrailingZeros32(free)&15] = packed[j]
			j++
		}
	})
	return table
}
