// Package plot draws nim-sequences as researchers look at them. A [Figure], drawn with
// gonum/plot (gonum.org/v1/plot), holds the values of one or more codes, G(n) against n (rare
// heaps and preperiod marked) or against n mod p (a period shows as one mark a column), with
// a legend, written as SVG, PDF, PNG, EPS or TeX. A [Plot] is the web page's interactive SVG
// element. [WriteTable] and [Rows] give the periodic table, the values in rows of the period.
// It serves the examples octal and web.
package plot
