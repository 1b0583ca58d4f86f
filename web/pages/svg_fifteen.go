package pages

import (
	"fmt"
	"html/template"

	"puzzlejudge/reference/fifteen"
)

func init() {
	drawers["fifteen"] = drawWith(fifteen.ParseCase, drawFifteen)
	players["fifteen"] = player{Sep: "", Buttons: fifteenButtons,
		Help: "play_help_fifteen"}
}

// fifteenMoves are the four moves with their arrow keys (as KeyboardEvent.key,
// lower-cased as the play script compares them) and the tile's cell beside
// the blank that each one slides, as a step in rows and columns.
var fifteenMoves = []struct {
	move     fifteen.Move
	key, way string
	dr, dc   int
}{
	{fifteen.Left, "arrowleft", "left", 0, -1},
	{fifteen.Right, "arrowright", "right", 0, 1},
	{fifteen.Up, "arrowup", "up", -1, 0},
	{fifteen.Down, "arrowdown", "down", 1, 0},
}

// fifteenButtons are the four moves of the blank, each with its arrow key.
func fifteenButtons(l *locale, _ string) []playButton {
	out := make([]playButton, len(fifteenMoves))
	for i, m := range fifteenMoves {
		out[i] = playButton{Move: m.move.String(), Label: m.move.String(), Key: m.key, Title: l.text("play_button_fifteen_"+m.way, "Move", m.move.String())}
	}
	return out
}

// The tiles' colours are fixed in the picture, not taken from the page's
// theme, so that it reads the same on a light and on a dark page: near-black
// digits on light tiles (contrast about 15:1, 13:1 on the green of a tile in
// its goal cell), the light tiles themselves about 14:1 against the dark
// page and the dark frame 11:1 against the light one. A tile in place also
// says so in its title: colour alone carries no meaning.
const (
	fifteenCell    = 60
	fifteenGap     = 4
	fifteenFrame   = "#3b3b3b"
	fifteenBlank   = "#1e1e1e"
	fifteenTile    = "#f4e1bd"
	fifteenInPlace = "#bfe3c0"
	fifteenInk     = "#111"
)

// drawFifteen draws the board in its frame: each tile with its number, the
// blank as a hole. The tiles next to the blank carry data-move, the move of
// the blank that slides them, so that a click on one plays it.
func drawFifteen(l *locale, id string, b fifteen.Board) template.HTML {
	w := max(b.Width, 1)
	size := w*fifteenCell + (w+1)*fifteenGap
	svg := newSVG(id, size, size, min(80*w, 300), l.text("svg_fifteen_label", "N", w*w-1, "Width", w))
	svg.raw(`<rect x="0" y="0" width="%d" height="%d" rx="8" fill="%s"/>`, size, size, fifteenFrame)
	blank := b.Blank()
	slides := map[int]fifteen.Move{}
	for _, m := range fifteenMoves {
		r, c := blank/w+m.dr, blank%w+m.dc
		if r >= 0 && r < w && c >= 0 && c < w {
			slides[r*w+c] = m.move
		}
	}
	for cell := range w * w {
		x := fifteenGap + (cell%w)*(fifteenCell+fifteenGap)
		y := fifteenGap + (cell/w)*(fifteenCell+fifteenGap)
		t := int(b.Cells[cell])
		if t == 0 {
			svg.raw(`<rect class="blank" x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s"><title>%s</title></rect>`,
				x, y, fifteenCell, fifteenCell, fifteenBlank, template.HTMLEscapeString(l.text("svg_fifteen_blank", "Row", cell/w+1, "Col", cell%w+1)))
			continue
		}
		fill, title := fifteenTile, l.text("svg_fifteen_tile", "N", t)
		if t == cell+1 {
			fill, title = fifteenInPlace, l.text("svg_fifteen_in_place", "Title", title)
		}
		move := ""
		if m, ok := slides[cell]; ok {
			move = fmt.Sprintf(` data-move="%s"`, m)
			title = l.text("svg_fifteen_slides", "Title", title, "Move", m)
		}
		svg.raw(`<g class="cell tile"%s><title>%s</title>`, move, template.HTMLEscapeString(title))
		svg.raw(`<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s" stroke="%s" stroke-width="1"/>`, x, y, fifteenCell, fifteenCell, fill, fifteenInk)
		svg.raw(`<text x="%d" y="%d" font-size="28" font-weight="700" text-anchor="middle" dominant-baseline="central" fill="%s">%d</text></g>`,
			x+fifteenCell/2, y+fifteenCell/2, fifteenInk, t)
	}
	return svg.html()
}
