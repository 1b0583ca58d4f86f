package store

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// feedEventRow is one line of a contest's event feed. The log is
// append-only: its ID is the event's token, and a client that reconnects
// reads the rows after the last token it got. The contest id is not a
// foreign key: the feed of a contest outlives nothing, and the contests'
// own rows belong to the contests' part of the store.
type feedEventRow struct {
	ID        int64  `gorm:"primaryKey"`
	ContestID int64  `gorm:"not null;index:idx_ccs_feed_events_contest,priority:1"`
	Type      string `gorm:"size:32;not null"`
	ObjectID  string `gorm:"size:64;not null"`
	// Data is the object's JSON; NULL is a deletion.
	Data      *string
	Audience  int   `gorm:"not null;default:0"`
	TeamID    int64 `gorm:"not null;default:0"`
	CreatedAt time.Time
}

func (feedEventRow) TableName() string { return "ccs_feed_events" }

func (r feedEventRow) domain() judge.FeedEvent {
	e := judge.FeedEvent{Token: r.ID, ContestID: r.ContestID, Type: r.Type, ID: r.ObjectID,
		Audience: judge.Audience(r.Audience), TeamID: r.TeamID, CreatedAt: r.CreatedAt}
	if r.Data != nil {
		e.Data = json.RawMessage(*r.Data)
	}
	return e
}

// eventRows are the tables of the Contest API: its event log and the
// clarifications it serves.
func eventRows() []any {
	return []any{&feedEventRow{}, &clarificationRow{}, &clarificationReadRow{}}
}

// AppendFeedEvents adds events to the log in order, in one transaction.
func (d *DB) AppendFeedEvents(ctx context.Context, events []judge.FeedEvent) ([]judge.FeedEvent, error) {
	if len(events) == 0 {
		return nil, nil
	}
	rows := make([]feedEventRow, len(events))
	for i, e := range events {
		rows[i] = feedEventRow{ContestID: e.ContestID, Type: e.Type, ObjectID: e.ID, Audience: int(e.Audience), TeamID: e.TeamID}
		if e.Data != nil {
			s := string(e.Data)
			rows[i].Data = &s
		}
	}
	// Multi-row inserts of 500: the first sync of a contest of 20,000
	// submissions logs 40,000 events, and one insert a row took seconds.
	// Both databases number the rows of one INSERT in the order of its
	// VALUES, so the tokens keep the order of the events.
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.CreateInBatches(rows, 500).Error
	})
	if err != nil {
		return nil, d.fail(err, "contest event")
	}
	return fromRows[judge.FeedEvent](rows), nil
}

// FeedEvents returns up to limit events of a contest after token after.
func (d *DB) FeedEvents(ctx context.Context, contestID, after int64, limit int) ([]judge.FeedEvent, error) {
	var rows []feedEventRow
	err := d.db.WithContext(ctx).Where("contest_id = ? AND id > ?", contestID, after).
		Order("id").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, d.fail(err, "contest events")
	}
	return fromRows[judge.FeedEvent](rows), nil
}

// FeedEvent returns the event with that token.
func (d *DB) FeedEvent(ctx context.Context, token int64) (judge.FeedEvent, error) {
	var row feedEventRow
	if err := d.db.WithContext(ctx).Take(&row, token).Error; err != nil {
		return judge.FeedEvent{}, d.fail(err, "event")
	}
	return row.domain(), nil
}
