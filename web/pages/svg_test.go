package pages

import (
	"encoding/xml"
	"errors"
	"flag"
	"html/template"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge/puzzles"
)

// updatePages rewrites the golden files of the pages' tests under
// testdata/pages/ (go test ./web -run Pages|SVG -update-pages). Its name keeps
// clear of any -update flag of other tests in this package.
var updatePages = flag.Bool("update-pages", false, "rewrite web/testdata/pages golden files")

// wellFormed reports the first XML error of an SVG picture, if any.
func wellFormed(t *testing.T, svg template.HTML) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(svg)))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("picture is not well-formed XML: %v\n%s", err, svg)
		}
	}
}

func golden(t *testing.T, name string, got string) {
	t.Helper()
	path := filepath.Join("testdata", "pages", name)
	if got != testutil.Golden(t, path, got, *updatePages, "-update-pages") {
		t.Errorf("%s differs from the golden file (run with -update-pages after checking the picture)\ngot:\n%s", path, got)
	}
}

func TestSVGFlood(t *testing.T) {
	tests := []struct {
		name  string
		rows  [][]int
		cells int
	}{
		{"flood-2x2.svg", [][]int{{0, 0}, {0, 0}}, 4},
		{"flood-3x3.svg", [][]int{{0, 1, 2}, {1, 1, 2}, {2, 2, 1}}, 9},
		{"flood-16colours.svg", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}}, 16},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svg := drawFlood(inEnglish, "t1", tc.rows)
			wellFormed(t, svg)
			if got := strings.Count(string(svg), `class="cell"`); got != tc.cells {
				t.Errorf("drawFlood drew %d cells, want %d", got, tc.cells)
			}
			if !strings.Contains(string(svg), `class="start"`) {
				t.Errorf("drawFlood did not mark the start square")
			}
			golden(t, tc.name, string(svg))
		})
	}
}

// TestSVGFloodPatterns checks that the 16 colours of the largest boards are
// told apart without colour: no two share both fill and pattern, and each
// pattern a cell refers to is defined in the same picture.
func TestSVGFloodPatterns(t *testing.T) {
	seen := map[[2]string]int{}
	for k := range palette {
		key := [2]string{palette[k].Fill, patterns[patternFor(k)]}
		if j, dup := seen[key]; dup {
			t.Errorf("colours %d and %d look the same", j, k)
		}
		seen[key] = k
	}
	svg := string(drawFlood(inEnglish, "x", [][]int{{0, 1}, {7, 9}}))
	for _, k := range []string{"1", "7", "9"} {
		if !strings.Contains(svg, `id="b-x-p`+k+`"`) || !strings.Contains(svg, `url(#b-x-p`+k+`)`) {
			t.Errorf("colour %s: pattern missing or unused in\n%s", k, svg)
		}
	}
	if strings.Contains(svg, `id="b-x-p0"`) {
		t.Errorf("colour 0 is plain but got a pattern")
	}
}

func TestSVGRotation(t *testing.T) {
	cells := []int{1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 1, 3, 2, 3, 3, 3}
	svg := drawRotation(inEnglish, "r", cells)
	wellFormed(t, svg)
	if got := strings.Count(string(svg), `class="cell"`); got != 24 {
		t.Errorf("drawRotation drew %d cells, want 24", got)
	}
	for _, s := range []string{`class="middle"`, "centre ring", ">A</text>", ">H</text>"} {
		if !strings.Contains(string(svg), s) {
			t.Errorf("drawRotation lacks %q", s)
		}
	}
	golden(t, "rotation-sample.svg", string(svg))
}

func TestSVGMayan(t *testing.T) {
	columns := [][]int{{1}, {2, 1}, {2, 3, 4}, {3, 1}, {2, 4, 3, 4}}
	svg := drawMayan(inEnglish, "m", 3, columns)
	wellFormed(t, svg)
	if got := strings.Count(string(svg), `class="cell"`); got != 12 {
		t.Errorf("drawMayan drew %d blocks, want 12", got)
	}
	if !strings.Contains(string(svg), "block at x 4, y 3: colour 4") {
		t.Errorf("drawMayan lacks the title of the top block of column 4")
	}
	golden(t, "mayan-sample.svg", string(svg))
}

// TestSVGOddInput feeds shapes that the engines reject, to show the drawing
// functions stay well-formed and never panic whatever they are given.
func TestSVGOddInput(t *testing.T) {
	wellFormed(t, drawFlood(inEnglish, `"><script>`, [][]int{{-3, 99}, {}, {1 << 40}}))
	wellFormed(t, drawFlood(inEnglish, "e", nil))
	wellFormed(t, drawRotation(inEnglish, "e", make([]int, 30)))
	wellFormed(t, drawMayan(inEnglish, "e", -1, [][]int{{1, 2, 3, 4, 5, 6, 7, 8, 9}, nil, nil, nil, nil, {1}}))
	if s := string(drawFlood(inEnglish, `"><script>`, nil)); strings.Contains(s, "<script") {
		t.Errorf("id was not cleaned: %s", s)
	}
}

// FuzzSVGBoard draws whatever a case text parses to, for each puzzle: the
// engine may refuse the text, but a board it accepts is always drawn as
// well-formed XML, and nothing panics.
func FuzzSVGBoard(f *testing.F) {
	for i, p := range pagesCatalogue {
		for _, c := range p.cases {
			f.Add(uint8(i), c.Input)
		}
	}
	f.Add(uint8(0), "30\n"+strings.Repeat(strings.Repeat("15 ", 30)+"\n", 30))
	f.Add(uint8(2), "5\n1 2 3 4 5 6 7 0\n0\n0\n0\n10 0\n")
	puzzles := puzzles.PuzzleNames()
	f.Fuzz(func(t *testing.T, which uint8, input string) {
		if len(input) > 1<<14 {
			return
		}
		puzzle := puzzles[int(which)%len(puzzles)]
		svg, err := boardPicture(inEnglish, puzzle, "f", input)
		if err != nil {
			return
		}
		wellFormed(t, svg)
		if !strings.Contains(string(svg), `class="cell"`) && puzzle != "mayan" {
			t.Errorf("boardPicture(%s, %q) drew no cell", puzzle, input)
		}
	})
}

// TestEveryPuzzleHasADrawer checks the drawers against the judge's registry:
// a registered puzzle without a picture would show an error on its pages.
func TestEveryPuzzleHasADrawer(t *testing.T) {
	for _, name := range puzzles.PuzzleNames() {
		if drawers[name] == nil {
			t.Errorf("puzzle %q has no drawer in web", name)
		}
	}
	if len(drawers) != len(puzzles.PuzzleNames()) {
		t.Errorf("%d drawers for %d puzzles", len(drawers), len(puzzles.PuzzleNames()))
	}
}

// inEnglish is an English reader in UTC, for the pictures' titles.
var inEnglish = newLocale("en", nil)

// TestPicturesSpeakTheReadersLanguage: a board's label and its parts'
// titles, which a screen reader speaks, are the reader's words.
func TestPicturesSpeakTheReadersLanguage(t *testing.T) {
	zh := newLocale("zh-CN", nil)
	tests := []struct {
		puzzle, input string
		en, zh        []string
	}{
		{"floodit", "2\n0 1\n1 0\n", []string{`aria-label="Flood-it board, 2 by 2"`, "<title>row 1, column 2: colour 1 (sky blue)</title>", "the flood starts here"},
			[]string{`aria-label="染色游戏棋盘，2 行 2 列"`, "<title>第 1 行第 2 列：颜色 1（天蓝色）</title>", "从这里开始染色"}},
	}
	for _, tc := range tests {
		for _, side := range []struct {
			l    *locale
			want []string
		}{{inEnglish, tc.en}, {zh, tc.zh}} {
			svg, err := boardPicture(side.l, tc.puzzle, "t", tc.input)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range side.want {
				if !strings.Contains(string(svg), w) {
					t.Errorf("%s in %s: the picture lacks %q", tc.puzzle, side.l.Lang, w)
				}
			}
		}
	}
	// Every puzzle's picture in Chinese: no English word in a label or a
	// title.
	spoken := regexp.MustCompile(`aria-label="([^"]*)"|<title>([^<]*)</title>`)
	boards := map[string]string{"fifteen": "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n"}
	for _, f := range pagesCatalogue {
		boards[f.problem.Puzzle] = f.cases[0].Input
	}
	for puzzle, input := range boards {
		svg, err := boardPicture(zh, puzzle, "z", input)
		if err != nil {
			t.Fatalf("%s: %v", puzzle, err)
		}
		found := spoken.FindAllStringSubmatch(string(svg), -1)
		if len(found) < 2 {
			t.Errorf("%s: the picture has %d labels and titles", puzzle, len(found))
		}
		for _, m := range found {
			if w := englishWord.FindString(m[1] + m[2]); w != "" {
				t.Errorf("%s in Chinese: %q says %q in English", puzzle, m[0], w)
			}
		}
	}
}
