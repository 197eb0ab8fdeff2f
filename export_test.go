package kayles

// Misère play (issue 4).

// MisereSearchWins reports whether the player to move wins p in misère play, by the memoised
// search, even for Kayles, whose methods use the Sibert–Conway rule instead.
func MisereSearchWins(o *Octal, p Position) bool {
	q, _ := o.misereForm(p)
	return o.misereWins(q)
}

// ResetMisereMemo empties the memos of the misère search and of the genus search.
func ResetMisereMemo() {
	misereMemo.mu.Lock()
	misereMemo.m, misereMemo.bytes = nil, 0
	misereMemo.mu.Unlock()
	genusMemo.mu.Lock()
	genusMemo.m, genusMemo.bytes = nil, 0
	genusMemo.mu.Unlock()
}
