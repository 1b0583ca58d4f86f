package pages

import (
	"fmt"
	"html/template"

	"puzzlejudge/reference/mayan"
)

func init() {
	// ParsePicture: the pictures within a move hold runs of three.
	drawers["mayan"] = drawWith(mayan.ParsePicture, func(l *locale, id string, b mayan.Board) template.HTML {
		cols := make([][]int, mayan.Width)
		for x := range cols {
			cols[x] = b.Column(x)
		}
		return drawMayan(l, id, b.N, cols)
	})
	players["mayan"] = player{Sep: "\n", Buttons: func(*locale, string) []playButton { return nil }, Blocks: true,
		Help: "play_help_mayan",
		Goal: func(l *locale, input string) string {
			b, err := mayan.ParseCase(input)
			if err != nil {
				return ""
			}
			return l.text("play_goal_mayan", "Count", b.N)
		}}
}

// The Mayan board is 5 columns of at most 7 blocks, (0, 0) at the bottom left.
const (
	mayanWidth  = 5
	mayanHeight = 7
	mayanCell   = 30
)

// drawMayan draws a Mayan board given as its columns from left to right, each
// bottom-up, for a puzzle to clear in moves moves: blocks on an empty 5x7 grid
// with x along the bottom and y up the left side, as in the move syntax.
func drawMayan(l *locale, id string, moves int, columns [][]int) template.HTML {
	const left, top, bottom = 28, 8, 28
	width := left + mayanWidth*mayanCell + 8
	height := top + mayanHeight*mayanCell + bottom
	w := newSVG(id, width, height, 230, l.text("svg_mayan_label", "Count", moves))
	at := func(x, y int) (int, int) { return left + x*mayanCell, top + (mayanHeight-1-y)*mayanCell }

	gx, gy := at(0, mayanHeight-1)
	w.raw(`<rect class="grid" x="%d" y="%d" width="%d" height="%d" fill="#fafafa" stroke="#999"/>`,
		gx, gy, mayanWidth*mayanCell, mayanHeight*mayanCell)
	for x := 1; x < mayanWidth; x++ {
		px, _ := at(x, 0)
		w.raw(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#ddd"/>`, px, gy, px, gy+mayanHeight*mayanCell)
	}
	for y := 1; y < mayanHeight; y++ {
		_, py := at(0, y)
		py += mayanCell
		w.raw(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#ddd"/>`, gx, py, gx+mayanWidth*mayanCell, py)
	}
	for x, col := range columns {
		if x >= mayanWidth {
			break
		}
		for y, k := range col {
			if y >= mayanHeight {
				break
			}
			px, py := at(x, y)
			// The play page selects a block and moves it by these moves.
			w.raw(`<g class="block" data-block="%d %d" data-left="%d %d -1" data-right="%d %d 1">`, x, y, x, y, x, y)
			w.cell(px, py, mayanCell, k, l.text("svg_mayan_block", "X", x, "Y", y, "Colour", k), false)
			w.raw(`</g>`)
		}
	}
	for x := 0; x < mayanWidth; x++ {
		px, py := at(x, 0)
		w.text(px+mayanCell/2, py+mayanCell+bottom/2, 12, "axis", fmt.Sprint(x))
	}
	for y := 0; y < mayanHeight; y++ {
		px, py := at(0, y)
		w.text(px-left/2, py+mayanCell/2, 12, "axis", fmt.Sprint(y))
	}
	return w.html()
}
