package judge

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"strings"
	"testing"
)

func TestCaseBase(t *testing.T) {
	tests := []struct {
		position, width int
		name, want      string
	}{
		{1, 2, "01-sample-1", "01-sample-1"},
		{1, 2, "sample", "01-sample"},
		{12, 2, "case 12", "12-case-12"},
		{3, 2, "02-moved", "03-02-moved"},
		{4, 3, "a/b\\..c", "004-a-b-c"},
		{5, 2, "Ünïcode board!", "05-n-code-board"},
		{6, 2, "", "06"},
		{7, 2, "---", "07"},
		{8, 2, "08-", "08-08"},
	}
	for _, tc := range tests {
		if got := CaseBase(tc.position, tc.width, tc.name); got != tc.want {
			t.Errorf("CaseBase(%d, %d, %q) = %q, want %q", tc.position, tc.width, tc.name, got, tc.want)
		}
	}
	// Names that agree once made safe get the case id.
	got := CaseBases([]Case{{ID: 7, Position: 1, Name: "a b"}, {ID: 9, Position: 1, Name: "a-b"}})
	if got[0] != "01-a-b" || got[1] != "01-a-b-9" {
		t.Errorf("caseBases of a clash = %q", got)
	}
	// The width grows with the number of cases.
	many := make([]Case, 120)
	for i := range many {
		many[i] = Case{ID: int64(i + 1), Position: i + 1, Name: "x"}
	}
	if got := CaseBases(many); got[0] != "001-x" || got[119] != "120-x" {
		t.Errorf("caseBases of 120 cases = %q ... %q", got[0], got[119])
	}
}

// zipOf builds a zip of name/content pairs.
func zipOf(t testing.TB, files ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i+1 < len(files); i += 2 {
		w, err := zw.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[i+1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// lyingZip holds one entry whose header says it unpacks to one byte while
// it unpacks to size bytes.
func lyingZip(t testing.TB, size int) []byte {
	t.Helper()
	var deflated bytes.Buffer
	zw := zip.NewWriter(&deflated)
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "big.out", Method: zip.Deflate})
	w.Write(bytes.Repeat([]byte("7\n"), size/2))
	zw.Close()
	// Re-pack the deflated data raw under a header that lies.
	zr, err := zip.NewReader(bytes.NewReader(deflated.Bytes()), int64(deflated.Len()))
	if err != nil {
		t.Fatal(err)
	}
	rc, _ := zr.File[0].OpenRaw()
	var body bytes.Buffer
	body.ReadFrom(rc)
	var out bytes.Buffer
	zw = zip.NewWriter(&out)
	hw, err := zw.CreateRaw(&zip.FileHeader{Name: "big.out", Method: zip.Deflate, CRC32: crc32.ChecksumIEEE([]byte("7")),
		CompressedSize64: uint64(body.Len()), UncompressedSize64: 1})
	if err != nil {
		t.Fatal(err)
	}
	hw.Write(body.Bytes())
	zw.Close()
	return out.Bytes()
}

func TestReadOutputsZip(t *testing.T) {
	got, err := ReadOutputsZip(zipOf(t, "01-sample-1.out", "0\n", "02-sample-2.out", "3\n"))
	if err != nil || len(got) != 2 || got["01-sample-1"] != "0\n" || got["02-sample-2"] != "3\n" {
		t.Fatalf("ReadOutputsZip = %q, %v", got, err)
	}
	names := make([]string, 0, 2*(MaxOutputFiles+1))
	for i := range MaxOutputFiles + 1 {
		names = append(names, "f"+itoa(i)+".out", "")
	}
	tests := []struct {
		name string
		data []byte
		msg  string
	}{
		{"not a zip", []byte("0\n3\n"), "not a zip archive"},
		{"a folder", zipOf(t, "out/", ""), "folder"},
		{"a path", zipOf(t, "out/01.out", "1"), "may not hold a path"},
		{"a parent", zipOf(t, "..01.out", "1"), "may not hold a path"},
		{"a backslash", zipOf(t, "a\\01.out", "1"), "may not hold a path"},
		{"not .out", zipOf(t, "01-sample-1.in", "1"), "want one file NN-name.out"},
		{"only .out", zipOf(t, ".out", "1"), "want one file"},
		{"twice", zipOf(t, "01.out", "1", "01.out", "2"), "appears twice"},
		{"too many files", zipOf(t, names...), "at most"},
		{"too large", zipOf(t, "01.out", strings.Repeat("1\n", MaxOutputBytes/2+1)), "more than"},
		{"too large together", zipOf(t, "01.out", strings.Repeat("1", MaxOutputBytes/2+1), "02.out", strings.Repeat("1", MaxOutputBytes/2+1)), "more than"},
		{"a header that lies", lyingZip(t, 2*MaxOutputBytes), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadOutputsZip(tc.data)
			if ErrorCode(err) != EINVALID || !strings.Contains(ErrorMessage(err), tc.msg) {
				t.Errorf("ReadOutputsZip = %d outputs, %v; want invalid with %q", len(got), err, tc.msg)
			}
		})
	}
}

// FuzzReadOutputsZip (corpus in testdata/fuzz): whatever the bytes, the reader returns in bounds
// outputs under safe names, or an EINVALID error, and never panics.
func FuzzReadOutputsZip(f *testing.F) {
	f.Add(zipOf(f, "01-sample-1.out", "0\n", "02-sample-2.out", "3\n"))
	f.Add(zipOf(f, "01.out", "AC\n2\n"))
	f.Add(zipOf(f, "../x.out", "1"))
	f.Add(lyingZip(f, 4096))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadOutputsZip(data)
		if err != nil {
			if ErrorCode(err) != EINVALID {
				t.Fatalf("error %v is not invalid", err)
			}
			return
		}
		if len(got) > MaxOutputFiles {
			t.Fatalf("%d outputs", len(got))
		}
		total := 0
		for name, text := range got {
			if strings.ContainsAny(name, "/\\") || strings.Contains(name, "..") {
				t.Fatalf("unsafe name %q", name)
			}
			total += len(text)
		}
		if total > MaxOutputBytes {
			t.Fatalf("%d bytes unpacked", total)
		}
	})
}
