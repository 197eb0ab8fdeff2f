package table

import "github.com/octalgames/kayles"

// This file implements the registry of the preset tables, Kayles and Nim: their rule sets,
// their layouts and the words of their text forms. It is the one place in the package that
// names a code.

// A preset is a table that has a text form of its own, "kayles ..." or "nim ...", and a
// constructor, [NewKayles] or [NewNim].
type preset struct {
	word   string        // the first word of its text form
	noun   string        // what the errors of its text form call it
	tokens string        // what its tokens are called in messages
	rules  *kayles.Octal // its rule set
	layout Layout
}

// The presets. Their rule sets are parsed from their codes when the package is loaded, so that
// reassigning [kayles.Kayles] or [kayles.Nim] changes no table; package kayles keeps one
// engine per canonical code, so that they are the very engines of kayles.Kayles and
// kayles.Nim, and their values are computed once.
var (
	kaylesPreset = &preset{word: "kayles", noun: "table", tokens: "pins", rules: kayles.MustParseOctal("0.77"), layout: Rows}
	nimPreset    = &preset{word: "nim", noun: "nim table", tokens: "objects", rules: kayles.MustParseOctal("0.[3]"), layout: Heaps}
)

// presetOf returns the preset whose text form a table set up as s writes: Kayles on one row,
// Nim on heaps; nil for any other table. It reads the code of s.Rules, so that a rule set of
// the same code with other limits is the same preset.
func presetOf(s Setup) *preset {
	switch code := s.Rules.String(); {
	case code == kaylesPreset.rules.String() && s.Layout == Rows && len(s.Start) == 1:
		return kaylesPreset
	case isNim(s.Rules) && s.Layout == Heaps:
		return nimPreset
	}
	return nil
}

// presetNamed returns the preset whose text form begins with word, and nil for none.
func presetNamed(word string) *preset {
	for _, p := range []*preset{kaylesPreset, nimPreset} {
		if p.word == word {
			return p
		}
	}
	return nil
}

// isNim reports whether rules is Nim, 0.[3], whose digits (every one 3) [kayles.Octal.Digits]
// does not list, so that the tables read its moves as Nim's.
func isNim(rules *kayles.Octal) bool { return rules.String() == nimPreset.rules.String() }
