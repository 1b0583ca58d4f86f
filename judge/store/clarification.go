package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"puzzlejudge/judge"
)

// clarificationRow is one message of a contest (see judge.Clarification):
// FromUserID and ToUserID are 0 (not NULL) for the jury and for all.
type clarificationRow struct {
	ID         int64  `gorm:"primaryKey"`
	ContestID  int64  `gorm:"not null;index"`
	FromUserID int64  `gorm:"not null;default:0"`
	ToUserID   int64  `gorm:"not null;default:0"`
	ReplyToID  int64  `gorm:"not null;default:0"`
	ProblemID  int64  `gorm:"not null;default:0"`
	Text       string `gorm:"not null"`
	AuthorID   int64  `gorm:"not null"`
	CreatedAt  time.Time
}

func (clarificationRow) TableName() string { return "clarifications" }

// clarificationReadRow is the last message a user has read in a contest.
type clarificationReadRow struct {
	ContestID int64 `gorm:"primaryKey;autoIncrement:false"`
	UserID    int64 `gorm:"primaryKey;autoIncrement:false"`
	LastID    int64 `gorm:"not null"`
}

func (clarificationReadRow) TableName() string { return "clarification_reads" }

// clarificationJoined is a message with its users' names.
type clarificationJoined struct {
	ID, ContestID, FromUserID, ToUserID, ReplyToID, ProblemID, AuthorID int64
	Text                                                                string
	CreatedAt                                                           time.Time
	FromName, ToName                                                    *string
}

func (r clarificationJoined) domain() judge.Clarification {
	m := judge.Clarification{ID: r.ID, ContestID: r.ContestID, FromUserID: r.FromUserID, ToUserID: r.ToUserID,
		ReplyToID: r.ReplyToID, ProblemID: r.ProblemID, Text: r.Text, AuthorID: r.AuthorID, CreatedAt: r.CreatedAt}
	if r.FromName != nil {
		m.FromUsername = *r.FromName
	}
	if r.ToName != nil {
		m.ToUsername = *r.ToName
	}
	return m
}

func (d *DB) clarificationQuery(ctx context.Context) *gorm.DB {
	return d.db.WithContext(ctx).Table("clarifications AS c").
		Select("c.id, c.contest_id, c.from_user_id, c.to_user_id, c.reply_to_id, c.problem_id, c.author_id, c.text, c.created_at, " +
			"f.username AS from_name, t.username AS to_name").
		Joins("LEFT JOIN users f ON f.id = c.from_user_id").
		Joins("LEFT JOIN users t ON t.id = c.to_user_id")
}

// CreateClarification stores m.
func (d *DB) CreateClarification(ctx context.Context, m judge.Clarification) (judge.Clarification, error) {
	if !storable(m.Text) {
		return judge.Clarification{}, judge.Errorf(judge.EINVALID, "text: not UTF-8 text")
	}
	row := clarificationRow{ContestID: m.ContestID, FromUserID: m.FromUserID, ToUserID: m.ToUserID,
		ReplyToID: m.ReplyToID, ProblemID: m.ProblemID, Text: m.Text, AuthorID: m.AuthorID,
		CreatedAt: m.CreatedAt} // zero: gorm stamps it; an imported message keeps its time
	if err := d.db.WithContext(ctx).Create(&row).Error; err != nil {
		return judge.Clarification{}, d.fail(err, "clarification")
	}
	return d.Clarification(ctx, row.ID)
}

// Clarification returns one message.
func (d *DB) Clarification(ctx context.Context, id int64) (judge.Clarification, error) {
	var row clarificationJoined
	if err := d.clarificationQuery(ctx).Where("c.id = ?", id).Take(&row).Error; err != nil {
		return judge.Clarification{}, d.fail(err, "clarification")
	}
	return row.domain(), nil
}

// Clarifications returns a contest's messages, oldest first.
func (d *DB) Clarifications(ctx context.Context, contestID int64) ([]judge.Clarification, error) {
	var rows []clarificationJoined
	if err := d.clarificationQuery(ctx).Where("c.contest_id = ?", contestID).Order("c.id").Find(&rows).Error; err != nil {
		return nil, d.fail(err, "clarifications")
	}
	return fromRows[judge.Clarification](rows), nil
}

// ClarificationsRead returns the last message userID has read.
func (d *DB) ClarificationsRead(ctx context.Context, contestID, userID int64) (int64, error) {
	var rows []clarificationReadRow
	err := d.db.WithContext(ctx).Where("contest_id = ? AND user_id = ?", contestID, userID).Limit(1).Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return 0, d.fail(err, "clarifications read")
	}
	return rows[0].LastID, nil
}

// MarkClarificationsRead raises userID's last read message to id.
func (d *DB) MarkClarificationsRead(ctx context.Context, contestID, userID, id int64) error {
	err := d.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "contest_id"}, {Name: "user_id"}},
		DoUpdates: clause.Assignments(map[string]any{"last_id": gorm.Expr("CASE WHEN clarification_reads.last_id > excluded.last_id THEN clarification_reads.last_id ELSE excluded.last_id END")}),
	}).Create(&clarificationReadRow{ContestID: contestID, UserID: userID, LastID: id}).Error
	return d.fail(err, "clarifications read")
}
