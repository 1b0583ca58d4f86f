package store

import (
	"context"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// programRow is one of a problem's own programs (judge.ProgramFile).
type programRow struct {
	ID        int64       `gorm:"primaryKey"`
	ProblemID int64       `gorm:"not null;uniqueIndex:idx_programs_file"`
	Problem   *problemRow `gorm:"constraint:OnDelete:CASCADE"`
	Folder    string      `gorm:"size:32;not null;uniqueIndex:idx_programs_file"`
	Name      string      `gorm:"size:128;not null;uniqueIndex:idx_programs_file"`
	Source    string      `gorm:"not null"`
}

func (programRow) TableName() string { return "problem_programs" }

// Programs returns the programs of a problem, by folder and name.
func (d *DB) Programs(ctx context.Context, problemID int64) ([]judge.ProgramFile, error) {
	var rows []programRow
	if err := d.db.WithContext(ctx).Where("problem_id = ?", problemID).Order("folder, name").Find(&rows).Error; err != nil {
		return nil, d.fail(err, "programs")
	}
	out := make([]judge.ProgramFile, len(rows))
	for i, r := range rows {
		out[i] = judge.ProgramFile{Folder: r.Folder, Name: r.Name, Source: r.Source}
	}
	return out, nil
}

// PutPrograms replaces the programs of a problem, in one transaction.
func (d *DB) PutPrograms(ctx context.Context, problemID int64, files []judge.ProgramFile) error {
	rows := make([]programRow, len(files))
	for i, f := range files {
		rows[i] = programRow{ProblemID: problemID, Folder: f.Folder, Name: f.Name, Source: f.Source}
	}
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return replaceChildren(tx, "problem_id", problemID, rows)
	})
	return d.fail(err, "programs")
}
