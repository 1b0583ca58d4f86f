package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// problemHintsRow holds a problem's hint setting apart from problemRow, so
// that the catalogue sync, which rewrites problems, never turns it off.
type problemHintsRow struct {
	ProblemID int64       `gorm:"primaryKey;autoIncrement:false"`
	Problem   *problemRow `gorm:"constraint:OnDelete:CASCADE"`
	Enabled   bool        `gorm:"not null"`
}

func (problemHintsRow) TableName() string { return "problem_hints" }

// hintRow is one hint given to a student.
type hintRow struct {
	ID        int64       `gorm:"primaryKey"`
	UserID    int64       `gorm:"not null;index:idx_hints_user_problem"`
	User      *userRow    `gorm:"constraint:OnDelete:CASCADE"`
	ProblemID int64       `gorm:"not null;index:idx_hints_user_problem"`
	Problem   *problemRow `gorm:"constraint:OnDelete:CASCADE"`
	CaseID    int64       `gorm:"not null"`
	CreatedAt time.Time
}

func (hintRow) TableName() string { return "hints" }

// ProblemHints reports whether hints are on for the problem.
func (d *DB) ProblemHints(ctx context.Context, problemID int64) (bool, error) {
	var row problemHintsRow
	err := d.db.WithContext(ctx).Where("problem_id = ?", problemID).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	if err != nil {
		return false, d.fail(err, "hint setting")
	}
	return row.Enabled, nil
}

// SetProblemHints turns the problem's hints on or off.
func (d *DB) SetProblemHints(ctx context.Context, problemID int64, on bool) error {
	err := d.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "problem_id"}}, DoUpdates: clause.AssignmentColumns([]string{"enabled"}),
	}).Create(&problemHintsRow{ProblemID: problemID, Enabled: on}).Error
	return d.fail(err, "hint setting")
}

// AddHint records a hint given to userID on a case of a problem.
func (d *DB) AddHint(ctx context.Context, userID, problemID, caseID int64) error {
	return d.fail(d.db.WithContext(ctx).Create(&hintRow{UserID: userID, ProblemID: problemID, CaseID: caseID}).Error, "hint")
}

// HintCount returns how many hints userID was given on a problem.
func (d *DB) HintCount(ctx context.Context, userID, problemID int64) (int, error) {
	var n int64
	err := d.db.WithContext(ctx).Model(&hintRow{}).Where("user_id = ? AND problem_id = ?", userID, problemID).Count(&n).Error
	return int(n), d.fail(err, "hints")
}
