package pages

import (
	"html/template"
	"strings"

	"puzzlejudge/reference/rotation"
)

func init() {
	drawers["rotation"] = drawWith(rotation.ParseCase, func(l *locale, id string, b rotation.Board) template.HTML {
		cells := make([]int, len(b.Squares))
		for i, s := range b.Squares {
			cells[i] = int(s)
		}
		return drawRotation(l, id, cells)
	})
	players["rotation"] = player{Sep: "", Buttons: rotationButtons,
		Help: "play_help_rotation"}
}

// rotationButtons are the eight moves A-H.
func rotationButtons(l *locale, _ string) []playButton {
	out := make([]playButton, len(rotationMoves))
	for i, m := range rotationMoves {
		out[i] = playButton{Move: m.letter, Label: m.letter, Key: strings.ToLower(m.letter), Title: l.text("play_button_rotation", "Move", m.letter)}
	}
	return out
}

// rotationPlace gives the (row, column) on a 7x7 grid of each of the 24
// squares of the Rotation board, in the order of the classic input: the two
// vertical bars cross the two horizontal bars, making a '#'.
var rotationPlace = [24][2]int{
	{0, 2}, {0, 4},
	{1, 2}, {1, 4},
	{2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6},
	{3, 2}, {3, 4},
	{4, 0}, {4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6},
	{5, 2}, {5, 4},
	{6, 2}, {6, 4},
}

// rotationCentre lists the squares (indices of the classic input) that form
// the centre ring that must show one symbol.
var rotationCentre = map[int]bool{6: true, 7: true, 8: true, 11: true, 12: true, 15: true, 16: true, 17: true}

// rotationMoves places the letter of each move at the end of the bar it
// shifts, the end its squares move towards: A and B pull the vertical bars
// up, C and D the horizontal bars right, E and F the vertical bars down, G
// and H the horizontal bars left.
var rotationMoves = []struct {
	letter   string
	row, col int
}{
	{"A", -1, 2}, {"B", -1, 4}, {"C", 2, 7}, {"D", 4, 7},
	{"E", 7, 4}, {"F", 7, 2}, {"G", 4, -1}, {"H", 2, -1},
}

const rotationCell = 30

// drawRotation draws a Rotation board (24 symbols in the order of the classic
// input) in its cross shape, with the centre ring outlined, the middle marked
// and each move's letter at the end of its bar.
func drawRotation(l *locale, id string, cells []int) template.HTML {
	const margin = rotationCell
	size := 7*rotationCell + 2*margin
	w := newSVG(id, size, size, 300, l.text("svg_rotation_label"))
	at := func(row, col int) (int, int) { return margin + col*rotationCell, margin + row*rotationCell }

	x0, y0 := at(2, 2)
	w.raw(`<rect class="centre" x="%d" y="%d" width="%d" height="%d" fill="#eee"/>`, x0, y0, 3*rotationCell, 3*rotationCell)
	for i, k := range cells {
		if i >= len(rotationPlace) {
			break
		}
		x, y := at(rotationPlace[i][0], rotationPlace[i][1])
		title := l.text("svg_rotation_square", "N", i+1, "Symbol", k)
		if rotationCentre[i] {
			title = l.text("svg_rotation_square_centre", "N", i+1, "Symbol", k)
		}
		w.cell(x, y, rotationCell, k, title, false)
	}
	w.raw(`<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#000" stroke-width="3"><title>%s</title></rect>`,
		x0, y0, 3*rotationCell, 3*rotationCell, template.HTMLEscapeString(l.text("svg_rotation_ring")))
	cx, cy := at(3, 3)
	w.raw(`<circle class="middle" cx="%d" cy="%d" r="%d" fill="none" stroke="#000" stroke-width="2"><title>%s</title></circle>`,
		cx+rotationCell/2, cy+rotationCell/2, rotationCell/4, template.HTMLEscapeString(l.text("svg_rotation_centre")))
	for _, m := range rotationMoves {
		x, y := at(m.row, m.col)
		w.text(x+rotationCell/2, y+rotationCell/2, rotationCell/2, "move", m.letter)
	}
	return w.html()
}
