package judge

import (
	"context"
	"encoding/json"
	"time"
)

// FeedEvent is one line of a contest's event feed (the ICPC Contest
// API's notification): the new state of one object, or of a whole
// collection when ID is "". The log of a contest is append-only; Token is
// the event's place in it, so that a client that reconnects with the last
// token it read gets every event after it.
type FeedEvent struct {
	Token     int64
	ContestID int64
	// Type is the endpoint's name: "contest", "problems", "teams",
	// "submissions", "judgements", "clarifications", "awards", "state", ...
	Type string
	// ID is the object's id; "" stands for null (the contest, the state).
	ID string
	// Data is the object's JSON as its endpoint answers it; nil is a
	// deletion.
	Data json.RawMessage
	// Audience says who reads the event (see Audience).
	Audience Audience
	// TeamID, when not 0, keeps the event to that team (its BoardKey: a
	// team's id, minus a user's id for one in no team)
	// and the jury: a private clarification, a verdict under the freeze.
	TeamID    int64
	CreatedAt time.Time
}

// Audience is the part of the viewers an event is written for. The jury
// and the others can see different versions of one object (the awards of
// the live and of the frozen board): each is logged for its own audience.
type Audience int

// The audiences.
const (
	// AudienceAll: everyone who may read the contest.
	AudienceAll Audience = iota
	// AudienceJury: the jury only (the live board's awards).
	AudienceJury
	// AudienceOthers: everyone but the jury (the frozen board's awards).
	AudienceOthers
)

// FeedEventStore keeps the contests' event logs.
type FeedEventStore interface {
	// AppendFeedEvents adds events to the log in order, in one
	// transaction, and returns them with their tokens and times.
	AppendFeedEvents(ctx context.Context, events []FeedEvent) ([]FeedEvent, error)
	// FeedEvents returns up to limit events of a contest after the
	// token after (0: from the beginning), in token order.
	FeedEvents(ctx context.Context, contestID, after int64, limit int) ([]FeedEvent, error)
	// FeedEvent returns the event with that token; ENOTFOUND when there
	// is none.
	FeedEvent(ctx context.Context, token int64) (FeedEvent, error)
}

// CCSStore is what the Contest API needs of the store: the event logs, the
// clarifications, and the contest submissions with their judgings.
type CCSStore interface {
	FeedEventStore
	ClarificationStore
	// CCSSubmissions returns the submissions that name the contest, in id
	// order, with their judgings (History).
	CCSSubmissions(ctx context.Context, contestID int64) ([]CCSSubmission, error)
	// CCSRuns returns the runs of the current judgings of the submissions
	// ids (their boards' results, a compile's left out), by submission,
	// in board order.
	CCSRuns(ctx context.Context, ids []int64) (map[int64][]CCSRun, error)
}

// CCSRun is a submission's result on one board, as the Contest API's runs
// read it.
type CCSRun struct {
	Position int
	Verdict  Verdict
	CPUMs    int64
}

// CCSSubmission is a contest submission as the API reads it.
type CCSSubmission struct {
	ID        int64
	UserID    int64
	ProblemID int64
	// Language is the program's language, or the kind ("answer",
	// "moves") of a text submission.
	Language  string
	CreatedAt time.Time
	Status    Status
	Verdict   Verdict
	Score     float64
	JudgedAt  *time.Time
	CPUMs     int64
	// History holds the judgings a rejudge replaced, oldest first: each
	// is a judgement of its own, no longer current.
	History []Judging
}
