package judge

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// Clarification is a message of a contest between its contestants and the
// jury: a contestant's question (FromUserID set), the jury's answer to one
// contestant (ToUserID and ReplyToID set) or to all (ReplyToID set), or an
// announcement to all (neither). A contestant never writes to another.
type Clarification struct {
	ID        int64
	ContestID int64
	// FromUserID is the contestant who asked; 0 for the jury's messages.
	FromUserID   int64
	FromUsername string
	// ToUserID is the one contestant a jury answer goes to; 0: to all (or
	// a question, which goes to the jury).
	ToUserID   int64
	ToUsername string
	// ReplyToID is the question a jury message answers; 0 for none.
	ReplyToID int64
	// ProblemID is the contest problem the message is about; 0: general.
	ProblemID int64
	// Label is the problem's label in the contest ("" when general),
	// filled in by the service.
	Label string
	Text  string
	// AuthorID is the user who wrote the message (the jury member for the
	// jury's messages).
	AuthorID  int64
	CreatedAt time.Time
}

// FromJury reports whether the jury wrote c.
func (c Clarification) FromJury() bool { return c.FromUserID == 0 }

// ToAll reports whether c goes to every contestant.
func (c Clarification) ToAll() bool { return c.FromUserID == 0 && c.ToUserID == 0 }

// MaxClarificationText bounds a clarification's text, in bytes.
const MaxClarificationText = 4000

// ClarificationSpec is a new clarification as a contestant or the jury
// writes it.
type ClarificationSpec struct {
	// Label names the contest problem ("A"); "" asks in general.
	Label string
	Text  string
	// ReplyTo is the question the jury answers (0: an announcement).
	ReplyTo int64
	// ToAll sends the jury's answer to every contestant instead of the
	// one who asked.
	ToAll bool
}

// CheckClarificationText refuses an empty, oversized or non-UTF-8 text.
func CheckClarificationText(text string) error {
	switch {
	case strings.TrimSpace(text) == "":
		return Errort(EINVALID, "clar_text_empty", "text: a clarification needs a text")
	case len(text) > MaxClarificationText:
		return Errort(EINVALID, "clar_text_long", "text: at most {Max} bytes, this one has {Bytes}", "Max", MaxClarificationText, "Bytes", len(text))
	case !utf8.ValidString(text) || strings.IndexByte(text, 0) >= 0:
		return Errort(EINVALID, "clar_text_utf8", "text: not UTF-8 text")
	}
	return nil
}

// WithLabels fills in the labels of the messages' problems from c.
func WithLabels(c Contest, ms []Clarification) {
	for i := range ms {
		if p, ok := c.Problem(ms[i].ProblemID); ok {
			ms[i].Label = p.Label
		}
	}
}

// ClarificationStore keeps the clarifications and what each user has read.
type ClarificationStore interface {
	// CreateClarification stores m and returns it with its ID and time.
	CreateClarification(ctx context.Context, m Clarification) (Clarification, error)
	// Clarification returns one message; ENOTFOUND when there is none.
	Clarification(ctx context.Context, id int64) (Clarification, error)
	// Clarifications returns a contest's messages, oldest first.
	Clarifications(ctx context.Context, contestID int64) ([]Clarification, error)
	// ClarificationsRead returns the id of the last message userID has
	// read in the contest (0: none).
	ClarificationsRead(ctx context.Context, contestID, userID int64) (int64, error)
	// MarkClarificationsRead records that userID has read the messages up
	// to id; an older id changes nothing.
	MarkClarificationsRead(ctx context.Context, contestID, userID, id int64) error
}
