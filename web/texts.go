package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/octalgames/kayles/table"
)

// This file implements the words of the page in English, French, Japanese and Turkish: the
// rules of each game (in the wording of examples/play), the hints and the page's labels.

// texts holds the words of the page in one language. Formats take their numbers in the order
// of their verbs; %[n] picks the nth where a language needs another order.
type texts struct {
	RulesKayles    string
	RulesNimMisere string
	RulesNimNormal string
	RulesRows      string
	RulesHeaps     string
	WhereWholeRow  string
	WhereEnd       string
	WhereInside    string
	WhereWholeHeap string
	WherePartHeap  string
	TakeWhere      string
	ListSep        string
	TakesSep       string
	LastWins       string
	LastLoses      string
	PinOne         string
	PinsN          string
	Object1        string
	Objects        string
	YouWin         string
	ComputerWins   string
	HintWin        string
	HintLose       string
	HintWinNim     string
	HintLoseNim    string
	HintGuess      string
	HintGuessNim   string
	Pin1           string
	Pin2           string
	PinRange       string
	InRow          string
	TheGame        string
	Heap           string
	Row            string
	Title          string
	NewGame        string
	Game           string
	Other          string
	Code           string
	Sizes          string
	SizesHint      string
	Misere         string
	Opponent       string
	Friend         string
	Computer       string
	ComputerFirst  string
	Public         string
	Start          string
	OpenTables     string
	NoOpen         string
	Join           string
	YourTurn       string
	TheirTurn      string
	Thinking       string
	WaitingJoin    string
	Watching       string
	WatchOver      string
	YouLose        string
	Knock          string
	Take           string
	Hint           string
	Undo           string
	Accept         string
	Decline        string
	UndoAsked      string
	UndoWaiting    string
	Moves          string
	RulesTitle     string
	Invited        string
	TakeSeat       string
	You            string
	OpponentName   string
	Player         string
	Back           string
	ChoosePins     string
	TapCounter     string
	Normal         string
	MisereShort    string
	Levels         string
	LangName       string
	PinLabel       string
	PinDown        string
	PlayAgain      string
	TakeLabel      string
	Tokens         string
}

// languages are the page's languages by their tags; en is the default.
var languages = map[string]*texts{
	"en": {
		RulesKayles:    "Rules: the pins stand in one row, numbered from the left. On your turn, knock down one standing pin, or two standing pins side by side. Two pins with a fallen pin between them are not side by side. Whoever knocks down the last pin wins.",
		RulesNimMisere: "Rules of Nim: there are several heaps of objects. On your turn, take one or more objects from a single heap. Whoever takes the last object loses.",
		RulesNimNormal: "Rules of Nim: there are several heaps of objects. On your turn, take one or more objects from a single heap. Whoever takes the last object wins.",
		RulesRows:      "Rules of %[1]s (code %[2]s): the pins stand in rows, numbered from the left. On your turn, knock down standing pins side by side in one row: %[3]s. Knocking pins inside a row splits it in two; pins with a fallen pin between them are not side by side. %[4]s",
		RulesHeaps:     "Rules of %[1]s (code %[2]s): there are several heaps of objects. On your turn, take objects from a single heap: %[3]s. %[4]s",
		WhereWholeRow:  "a whole row",
		WhereEnd:       "at an end of a row",
		WhereInside:    "inside a row",
		WhereWholeHeap: "a whole heap",
		WherePartHeap:  "from a bigger heap",
		TakeWhere:      "%s (%s)",
		ListSep:        ", ",
		TakesSep:       "; ",
		LastWins:       "Whoever makes the last move wins.",
		LastLoses:      "Whoever makes the last move loses.",
		PinOne:         "1 pin",
		PinsN:          "%d pins",
		Object1:        "1 object",
		Objects:        "%d objects",
		YouWin:         "You win! Well played.",
		ComputerWins:   "The computer wins.",
		HintWin:        "Hint: knock down %s. This move wins whatever your opponent does.",
		HintLose:       "Hint: knock down %s. No move wins against perfect play, but this one leaves your opponent the most ways to go wrong.",
		HintWinNim:     "Hint: take %[2]s from heap %[1]d. This move wins whatever your opponent does.",
		HintLoseNim:    "Hint: take %[2]s from heap %[1]d. No move wins against perfect play, but this one leaves your opponent the most ways to go wrong.",
		HintGuess:      "Hint: knock down %s. The position is too large to work out exactly; this is the best move found in the time allowed.",
		HintGuessNim:   "Hint: take %[2]s from heap %[1]d. The position is too large to work out exactly; this is the best move found in the time allowed.",
		Pin1:           "pin %d",
		Pin2:           "pins %d and %d",
		PinRange:       "pins %d to %d",
		InRow:          "%[1]s of row %[2]d",
		TheGame:        "the game %s",
		Heap:           "Heap %d",
		Row:            "Row %d",
		Title:          "Kayles and friends",
		NewGame:        "New game",
		Game:           "Game",
		Other:          "Other code",
		Code:           "Octal code",
		Sizes:          "Rows or heaps (sizes)",
		SizesHint:      "e.g. 10, or 3 5 7",
		Misere:         "Misère: whoever makes the last move loses",
		Opponent:       "Opponent",
		Friend:         "A friend: share a link",
		Computer:       "Computer",
		ComputerFirst:  "The computer moves first",
		Public:         "List in the lobby so that anyone may join",
		Start:          "Start",
		OpenTables:     "Open tables",
		NoOpen:         "No open table yet: start one!",
		Join:           "Join",
		YourTurn:       "Your turn",
		TheirTurn:      "Your opponent's turn",
		Thinking:       "The computer is thinking…",
		WaitingJoin:    "Waiting for a second player. Send them this link:",
		Watching:       "You are watching: player %d to move.",
		WatchOver:      "Player %d wins.",
		YouLose:        "You lose. Better luck next time!",
		Knock:          "Knock down",
		Take:           "Take",
		Hint:           "Hint",
		Undo:           "Undo",
		Accept:         "Accept",
		Decline:        "Decline",
		UndoAsked:      "Your opponent asks to take back their last move.",
		UndoWaiting:    "You asked to take back your move: waiting for your opponent.",
		Moves:          "Moves",
		RulesTitle:     "Rules",
		Invited:        "You are invited to this game.",
		TakeSeat:       "Take the seat",
		You:            "You",
		OpponentName:   "Opponent",
		Player:         "Player %d",
		Back:           "Back to the lobby",
		ChoosePins:     "Tap the pins to knock down, then press Knock down.",
		TapCounter:     "Tap a counter to take it and all to its right.",
		Normal:         "normal",
		MisereShort:    "misère",
		Levels:         "random easy fair hard perfect",
		LangName:       "English",
		PinLabel:       "pin %d",
		PinDown:        "pin %d, knocked down",
		PlayAgain:      "Play again",
		TakeLabel:      "take %d from heap %d",
		Tokens:         "%d left",
	},
	"fr": {
		RulesKayles:    "Règles : les quilles sont alignées sur une seule rangée, numérotées à partir de la gauche. À votre tour, renversez une quille debout, ou deux quilles debout côte à côte. Deux quilles séparées par une quille tombée ne sont pas côte à côte. Celui qui renverse la dernière quille gagne.",
		RulesNimMisere: "Règles du jeu de Nim : il y a plusieurs tas d'objets. À votre tour, prenez un ou plusieurs objets dans un seul tas. Celui qui prend le dernier objet perd.",
		RulesNimNormal: "Règles du jeu de Nim : il y a plusieurs tas d'objets. À votre tour, prenez un ou plusieurs objets dans un seul tas. Celui qui prend le dernier objet gagne.",
		RulesRows:      "Règles (%[1]s, code %[2]s) : les quilles sont alignées en rangées, numérotées à partir de la gauche. À votre tour, renversez des quilles debout côte à côte dans une seule rangée : %[3]s. Renverser des quilles à l'intérieur d'une rangée la coupe en deux ; des quilles séparées par une quille tombée ne sont pas côte à côte. %[4]s",
		RulesHeaps:     "Règles (%[1]s, code %[2]s) : il y a plusieurs tas d'objets. À votre tour, prenez des objets dans un seul tas : %[3]s. %[4]s",
		WhereWholeRow:  "une rangée entière",
		WhereEnd:       "au bout d'une rangée",
		WhereInside:    "à l'intérieur d'une rangée",
		WhereWholeHeap: "un tas entier",
		WherePartHeap:  "dans un tas plus grand",
		TakeWhere:      "%s (%s)",
		ListSep:        ", ",
		TakesSep:       " ; ",
		LastWins:       "Celui qui joue le dernier coup gagne.",
		LastLoses:      "Celui qui joue le dernier coup perd.",
		PinOne:         "1 quille",
		PinsN:          "%d quilles",
		Object1:        "1 objet",
		Objects:        "%d objets",
		YouWin:         "Vous avez gagné ! Bien joué.",
		ComputerWins:   "L'ordinateur a gagné.",
		HintWin:        "Indice : renversez %s. Ce coup gagne, quoi que fasse votre adversaire.",
		HintLose:       "Indice : renversez %s. Aucun coup ne gagne contre un jeu parfait, mais celui-ci laisse à votre adversaire le plus d'occasions de se tromper.",
		HintWinNim:     "Indice : prenez %[2]s dans le tas %[1]d. Ce coup gagne, quoi que fasse votre adversaire.",
		HintLoseNim:    "Indice : prenez %[2]s dans le tas %[1]d. Aucun coup ne gagne contre un jeu parfait, mais celui-ci laisse à votre adversaire le plus d'occasions de se tromper.",
		HintGuess:      "Indice : renversez %s. La position est trop grande pour être calculée exactement ; voici le meilleur coup trouvé dans le temps imparti.",
		HintGuessNim:   "Indice : prenez %[2]s dans le tas %[1]d. La position est trop grande pour être calculée exactement ; voici le meilleur coup trouvé dans le temps imparti.",
		Pin1:           "la quille %d",
		Pin2:           "les quilles %d et %d",
		PinRange:       "les quilles %d à %d",
		InRow:          "%[1]s de la rangée %[2]d",
		TheGame:        "le jeu %s",
		Heap:           "Tas %d",
		Row:            "Rangée %d",
		Title:          "Kayles et compagnie",
		NewGame:        "Nouvelle partie",
		Game:           "Jeu",
		Other:          "Autre code",
		Code:           "Code octal",
		Sizes:          "Rangées ou tas (tailles)",
		SizesHint:      "p. ex. 10, ou 3 5 7",
		Misere:         "Misère : celui qui joue le dernier coup perd",
		Opponent:       "Adversaire",
		Friend:         "Un ami : partagez un lien",
		Computer:       "Ordinateur",
		ComputerFirst:  "L'ordinateur commence",
		Public:         "Afficher dans le salon pour que chacun puisse rejoindre",
		Start:          "Commencer",
		OpenTables:     "Tables ouvertes",
		NoOpen:         "Aucune table ouverte : lancez-en une !",
		Join:           "Rejoindre",
		YourTurn:       "À vous de jouer",
		TheirTurn:      "Au tour de votre adversaire",
		Thinking:       "L'ordinateur réfléchit…",
		WaitingJoin:    "En attente d'un second joueur. Envoyez-lui ce lien :",
		Watching:       "Vous regardez : au joueur %d de jouer.",
		WatchOver:      "Le joueur %d gagne.",
		YouLose:        "Vous avez perdu. Bonne chance pour la prochaine !",
		Knock:          "Renverser",
		Take:           "Prendre",
		Hint:           "Indice",
		Undo:           "Annuler",
		Accept:         "Accepter",
		Decline:        "Refuser",
		UndoAsked:      "Votre adversaire demande à reprendre son dernier coup.",
		UndoWaiting:    "Vous avez demandé à reprendre votre coup : en attente de votre adversaire.",
		Moves:          "Coups",
		RulesTitle:     "Règles",
		Invited:        "Vous êtes invité à cette partie.",
		TakeSeat:       "Prendre la place",
		You:            "Vous",
		OpponentName:   "Adversaire",
		Player:         "Joueur %d",
		Back:           "Retour au salon",
		ChoosePins:     "Touchez les quilles à renverser, puis appuyez sur Renverser.",
		TapCounter:     "Touchez un jeton pour le prendre avec tous ceux à sa droite.",
		Normal:         "normal",
		MisereShort:    "misère",
		Levels:         "hasard facile moyen fort parfait",
		LangName:       "Français",
		PinLabel:       "quille %d",
		PinDown:        "quille %d, renversée",
		PlayAgain:      "Rejouer",
		TakeLabel:      "prendre %d dans le tas %d",
		Tokens:         "reste %d",
	},
	"ja": {
		RulesKayles:    "ルール：ピンが一列に並んでいて、左から順に番号が付いています。自分の番には、立っているピンを1本、または隣り合って立っているピンを2本倒します。間に倒れたピンがある2本は、隣り合っているとはみなしません。最後のピンを倒した人の勝ちです。",
		RulesNimMisere: "ニムのルール：石の山がいくつかあります。自分の番には、どれか1つの山から石を1個以上取ります。最後の石を取った人の負けです。",
		RulesNimNormal: "ニムのルール：石の山がいくつかあります。自分の番には、どれか1つの山から石を1個以上取ります。最後の石を取った人の勝ちです。",
		RulesRows:      "%[1]s（コード%[2]s）のルール：ピンが何列かに並んでいて、左から順に番号が付いています。自分の番には、1つの列で隣り合って立っているピンを倒します：%[3]s。列の途中のピンを倒すと、その列は2つに分かれます。間に倒れたピンがあるピンは、隣り合っているとはみなしません。%[4]s",
		RulesHeaps:     "%[1]s（コード%[2]s）のルール：石の山がいくつかあります。自分の番には、どれか1つの山から石を取ります：%[3]s。%[4]s",
		WhereWholeRow:  "1列まるごと",
		WhereEnd:       "列の端から",
		WhereInside:    "列の途中から",
		WhereWholeHeap: "山をまるごと",
		WherePartHeap:  "それより大きい山から",
		TakeWhere:      "%s（%s）",
		ListSep:        "・",
		TakesSep:       "、",
		LastWins:       "最後の手を打った人の勝ちです。",
		LastLoses:      "最後の手を打った人の負けです。",
		PinOne:         "ピン1本",
		PinsN:          "ピン%d本",
		Object1:        "1個",
		Objects:        "%d個",
		YouWin:         "あなたの勝ちです！お見事でした。",
		ComputerWins:   "コンピューターの勝ちです。",
		HintWin:        "ヒント：%sを倒しましょう。相手がどう応じても勝てる手です。",
		HintLose:       "ヒント：%sを倒しましょう。相手が最善を尽くせば勝てる手はありませんが、この手なら相手が間違える余地がいちばん多く残ります。",
		HintWinNim:     "ヒント：%[1]d番の山から石を%[2]s取りましょう。相手がどう応じても勝てる手です。",
		HintLoseNim:    "ヒント：%[1]d番の山から石を%[2]s取りましょう。相手が最善を尽くせば勝てる手はありませんが、この手なら相手が間違える余地がいちばん多く残ります。",
		HintGuess:      "ヒント：%sを倒しましょう。局面が大きすぎて正確には読み切れません。時間内に見つかった最善の手です。",
		HintGuessNim:   "ヒント：%[1]d番の山から石を%[2]s取りましょう。局面が大きすぎて正確には読み切れません。時間内に見つかった最善の手です。",
		Pin1:           "%d番のピン",
		Pin2:           "%d番と%d番のピン",
		PinRange:       "%d番から%d番のピン",
		InRow:          "%[2]d列目の%[1]s",
		TheGame:        "ゲーム%s",
		Heap:           "%d番の山",
		Row:            "%d列目",
		Title:          "ケイルズとなかまたち",
		NewGame:        "新しいゲーム",
		Game:           "ゲーム",
		Other:          "ほかのコード",
		Code:           "8進コード",
		Sizes:          "列または山（大きさ）",
		SizesHint:      "例：10、または 3 5 7",
		Misere:         "ミゼール：最後に取った人の負け",
		Opponent:       "対戦相手",
		Friend:         "友だち（リンクを送る）",
		Computer:       "コンピューター",
		ComputerFirst:  "コンピューターが先手",
		Public:         "ロビーに表示して誰でも参加できるようにする",
		Start:          "はじめる",
		OpenTables:     "参加できるテーブル",
		NoOpen:         "参加できるテーブルはまだありません。はじめてみましょう！",
		Join:           "参加する",
		YourTurn:       "あなたの番です",
		TheirTurn:      "相手の番です",
		Thinking:       "コンピューターが考えています…",
		WaitingJoin:    "2人目を待っています。このリンクを送ってください：",
		Watching:       "観戦中：プレイヤー%dの番です。",
		WatchOver:      "プレイヤー%dの勝ちです。",
		YouLose:        "あなたの負けです。次はがんばりましょう！",
		Knock:          "倒す",
		Take:           "取る",
		Hint:           "ヒント",
		Undo:           "待った",
		Accept:         "受ける",
		Decline:        "断る",
		UndoAsked:      "相手が最後の手を戻したいと言っています。",
		UndoWaiting:    "手を戻すよう頼みました。相手の返事を待っています。",
		Moves:          "手順",
		RulesTitle:     "ルール",
		Invited:        "このゲームに招待されています。",
		TakeSeat:       "席につく",
		You:            "あなた",
		OpponentName:   "相手",
		Player:         "プレイヤー%d",
		Back:           "ロビーにもどる",
		ChoosePins:     "倒すピンをタップして「倒す」を押してください。",
		TapCounter:     "コマをタップすると、そのコマと右側のコマをすべて取ります。",
		Normal:         "ノーマル",
		MisereShort:    "ミゼール",
		Levels:         "ランダム やさしい ふつう つよい 完璧",
		LangName:       "日本語",
		PinLabel:       "%d番のピン",
		PinDown:        "%d番のピン（倒れている）",
		PlayAgain:      "もう一度あそぶ",
		TakeLabel:      "%[2]d番の山から%[1]d個取る",
		Tokens:         "残り%d",
	},
	"tr": {
		RulesKayles:    "Kurallar: Lobutlar tek sıra hâlinde dizilidir ve soldan başlayarak numaralanmıştır. Sırası gelen oyuncu ayakta duran bir lobutu ya da yan yana duran iki lobutu devirir. Aralarında devrilmiş bir lobut bulunan iki lobut yan yana sayılmaz. Son lobutu deviren kazanır.",
		RulesNimMisere: "Nim kuralları: Birkaç taş yığını vardır. Sırası gelen oyuncu tek bir yığından bir ya da daha fazla taş alır. Son taşı alan kaybeder.",
		RulesNimNormal: "Nim kuralları: Birkaç taş yığını vardır. Sırası gelen oyuncu tek bir yığından bir ya da daha fazla taş alır. Son taşı alan kazanır.",
		RulesRows:      "Kurallar (%[1]s, kod %[2]s): Lobutlar sıralar hâlinde dizilidir ve soldan başlayarak numaralanmıştır. Sırası gelen oyuncu tek bir sırada yan yana duran lobutları devirir: %[3]s. Bir sıranın içinden lobut devirmek sırayı ikiye böler; aralarında devrilmiş bir lobut bulunan lobutlar yan yana sayılmaz. %[4]s",
		RulesHeaps:     "Kurallar (%[1]s, kod %[2]s): Birkaç taş yığını vardır. Sırası gelen oyuncu tek bir yığından taş alır: %[3]s. %[4]s",
		WhereWholeRow:  "bütün bir sıra",
		WhereEnd:       "bir sıranın ucundan",
		WhereInside:    "bir sıranın içinden",
		WhereWholeHeap: "bütün bir yığın",
		WherePartHeap:  "daha büyük bir yığından",
		TakeWhere:      "%s (%s)",
		ListSep:        ", ",
		TakesSep:       "; ",
		LastWins:       "Son hamleyi yapan kazanır.",
		LastLoses:      "Son hamleyi yapan kaybeder.",
		PinOne:         "1 lobut",
		PinsN:          "%d lobut",
		Object1:        "1 taş",
		Objects:        "%d taş",
		YouWin:         "Kazandınız! Tebrikler.",
		ComputerWins:   "Bilgisayar kazandı.",
		HintWin:        "İpucu: %s devirin. Rakibiniz ne yaparsa yapsın bu hamle kazandırır.",
		HintLose:       "İpucu: %s devirin. Kusursuz oynayan bir rakibe karşı kazandıran bir hamle yok; ama bu hamle rakibinize hata yapması için en çok fırsatı bırakır.",
		HintWinNim:     "İpucu: %[1]d. yığından %[2]s alın. Rakibiniz ne yaparsa yapsın bu hamle kazandırır.",
		HintLoseNim:    "İpucu: %[1]d. yığından %[2]s alın. Kusursuz oynayan bir rakibe karşı kazandıran bir hamle yok; ama bu hamle rakibinize hata yapması için en çok fırsatı bırakır.",
		HintGuess:      "İpucu: %s devirin. Konum tam olarak hesaplanamayacak kadar büyük; bu, ayrılan sürede bulunan en iyi hamle.",
		HintGuessNim:   "İpucu: %[1]d. yığından %[2]s alın. Konum tam olarak hesaplanamayacak kadar büyük; bu, ayrılan sürede bulunan en iyi hamle.",
		Pin1:           "%d. lobutu",
		Pin2:           "%d. ve %d. lobutları",
		PinRange:       "%d. ile %d. arasındaki lobutları",
		InRow:          "%[2]d. sıradaki %[1]s",
		TheGame:        "%s oyunu",
		Heap:           "%d. yığın",
		Row:            "%d. sıra",
		Title:          "Kayles ve benzerleri",
		NewGame:        "Yeni oyun",
		Game:           "Oyun",
		Other:          "Başka bir kod",
		Code:           "Sekizli kod",
		Sizes:          "Sıralar ya da yığınlar (boyutlar)",
		SizesHint:      "ör. 10 ya da 3 5 7",
		Misere:         "Misère: son hamleyi yapan kaybeder",
		Opponent:       "Rakip",
		Friend:         "Bir arkadaş: bağlantı paylaşın",
		Computer:       "Bilgisayar",
		ComputerFirst:  "Bilgisayar önce oynar",
		Public:         "Herkes katılabilsin diye salonda göster",
		Start:          "Başla",
		OpenTables:     "Açık masalar",
		NoOpen:         "Henüz açık masa yok: bir tane başlatın!",
		Join:           "Katıl",
		YourTurn:       "Sıra sizde",
		TheirTurn:      "Sıra rakibinizde",
		Thinking:       "Bilgisayar düşünüyor…",
		WaitingJoin:    "İkinci oyuncu bekleniyor. Ona bu bağlantıyı gönderin:",
		Watching:       "İzliyorsunuz: sıra %d. oyuncuda.",
		WatchOver:      "%d. oyuncu kazandı.",
		YouLose:        "Kaybettiniz. Bir dahaki sefere!",
		Knock:          "Devir",
		Take:           "Al",
		Hint:           "İpucu",
		Undo:           "Geri al",
		Accept:         "Kabul et",
		Decline:        "Reddet",
		UndoAsked:      "Rakibiniz son hamlesini geri almak istiyor.",
		UndoWaiting:    "Hamlenizi geri almak istediniz: rakibiniz bekleniyor.",
		Moves:          "Hamleler",
		RulesTitle:     "Kurallar",
		Invited:        "Bu oyuna davet edildiniz.",
		TakeSeat:       "Yerinizi alın",
		You:            "Siz",
		OpponentName:   "Rakip",
		Player:         "%d. oyuncu",
		Back:           "Salona dön",
		ChoosePins:     "Devirmek istediğiniz lobutlara dokunun, sonra Devir'e basın.",
		TapCounter:     "Bir pula dokunun: o pul ve sağındakilerin hepsi alınır.",
		Normal:         "normal",
		MisereShort:    "misère",
		Levels:         "rastgele kolay orta zor kusursuz",
		LangName:       "Türkçe",
		PinLabel:       "%d. lobut",
		PinDown:        "%d. lobut, devrilmiş",
		PlayAgain:      "Tekrar oyna",
		TakeLabel:      "%[2]d. yığından %[1]d al",
		Tokens:         "%d kaldı",
	},
}

// langs are the tags of the languages, in the order the page lists them.
var langs = []string{"en", "fr", "ja", "tr"}

// language returns the tag of the language of r: its lang query parameter if it names one of
// langs, else the first of its Accept-Language that does, else en.
func language(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); languages[l] != nil {
		return l
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag, _, _ = strings.Cut(strings.ToLower(tag), "-")
		if languages[tag] != nil {
			return tag
		}
	}
	return "en"
}

// name returns the name of the game of code, or "the game" and its code.
func (tx *texts) name(code string) string {
	if n, ok := names[code]; ok {
		return n
	}
	return fmt.Sprintf(tx.TheGame, code)
}

// rules returns the rules of the game of s.
func (tx *texts) rules(s table.Setup) string {
	code := s.Rules.String()
	switch {
	case code == "0.77" && s.Layout == table.Rows && len(s.Start) == 1 && s.Convention == table.Normal:
		return tx.RulesKayles
	case code == "0.[3]" && s.Layout == table.Heaps && s.Convention == table.Misere:
		return tx.RulesNimMisere
	case code == "0.[3]" && s.Layout == table.Heaps:
		return tx.RulesNimNormal
	}
	end := tx.LastWins
	if s.Convention == table.Misere {
		end = tx.LastLoses
	}
	if s.Layout == table.Heaps {
		return fmt.Sprintf(tx.RulesHeaps, tx.name(code), code, tx.allowed(s), end)
	}
	return fmt.Sprintf(tx.RulesRows, tx.name(code), code, tx.allowed(s), end)
}

// allowed describes the moves of the rule set from its digits: for each number of tokens a
// move may take, where it may take them.
func (tx *texts) allowed(s table.Setup) string {
	ds := s.Rules.Digits()
	if len(ds) == 0 { // Nim-like or with modifiers: the code says it
		return s.Rules.String()
	}
	var takes []string
	for k, d := range ds[1:] {
		n := k + 1
		phrases, tokens := []string{tx.WhereWholeRow, tx.WhereEnd, tx.WhereInside}, tx.count(tx.PinOne, tx.PinsN, n)
		if s.Layout == table.Heaps {
			phrases, tokens = []string{tx.WhereWholeHeap, tx.WherePartHeap}, tx.count(tx.Object1, tx.Objects, n)
		}
		var where []string
		for bit, phrase := range phrases {
			if d>>bit&1 != 0 {
				where = append(where, phrase)
			}
		}
		if len(where) > 0 {
			takes = append(takes, fmt.Sprintf(tx.TakeWhere, tokens, strings.Join(where, tx.ListSep)))
		}
	}
	return strings.Join(takes, tx.TakesSep)
}

// count returns n things: one when n is 1, else many with n.
func (tx *texts) count(one, many string, n int) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf(many, n)
}

// pins names the pins of m, and its row when the table has several.
func (tx *texts) pins(m table.Move, rows int) string {
	var s string
	switch m.Count {
	case 1:
		s = fmt.Sprintf(tx.Pin1, m.Pin)
	case 2:
		s = fmt.Sprintf(tx.Pin2, m.Pin, m.Pin+1)
	default:
		s = fmt.Sprintf(tx.PinRange, m.Pin, m.Pin+m.Count-1)
	}
	if rows > 1 {
		s = fmt.Sprintf(tx.InRow, s, m.Row)
	}
	return s
}

// move returns the words of m at a table of the layout and number of rows.
func (tx *texts) move(m table.Move, layout table.Layout, rows int) string {
	if layout == table.Heaps {
		return fmt.Sprintf(tx.TakeLabel, m.Count, m.Row)
	}
	return tx.pins(m, rows)
}

// hintText returns the words of a hint: the move and what its verdict says.
func (tx *texts) hintText(h Hint, layout table.Layout, rows int) string {
	m := table.Move{Row: h.Move.Row, Pin: h.Move.Pin, Count: h.Move.Count}
	if layout == table.Heaps {
		f := map[string]string{"wins": tx.HintWinNim, "loses": tx.HintLoseNim}[h.Verdict]
		if f == "" {
			f = tx.HintGuessNim
		}
		return fmt.Sprintf(f, m.Row, tx.count(tx.Object1, tx.Objects, m.Count))
	}
	f := map[string]string{"wins": tx.HintWin, "loses": tx.HintLose}[h.Verdict]
	if f == "" {
		f = tx.HintGuess
	}
	return fmt.Sprintf(f, tx.pins(m, rows))
}

// level returns the words of a computer level.
func (tx *texts) level(l table.Level) string {
	ws := strings.Fields(tx.Levels)
	if i := int(l) - 1; i >= 0 && i < len(ws) {
		return ws[i]
	}
	return l.String()
}
