// The game rules the engine cites (8-ball E8.x, 9-ball N9.x, 10-ball T10.x), each as a short
// statement in the ledger's own words, in English and Portuguese. The federation's game-specific
// text is not available: these say what the engine applies (BCA 8-ball, WPA 9-ball and 10-ball).
export const GAME_RULES: Readonly<Record<string, { en: string; pt: string }>> = {
  'E8.1': {
    en: 'A player pockets a whole group, then legally pockets the called 8 to win.',
    pt: 'Ganha o jogador que embolsa todas as bolas do seu grupo e depois embolsa legalmente a bola 8 anunciada.',
  },
  'E8.2': {
    en: 'Obvious shots need no call; banks and combinations are never obvious; the break is not a called shot.',
    pt: 'As tacadas evidentes não precisam de anúncio; tabelas e combinações nunca são evidentes; a saída não é anunciada.',
  },
  'E8.3': {
    en: 'A legal break pockets a ball or drives at least four object balls to cushions; otherwise the incoming player accepts the table or has the balls re-racked.',
    pt: 'Uma saída legal embolsa uma bola ou leva pelo menos quatro bolas de cor às tabelas; caso contrário, o jogador que entra aceita a mesa ou manda repor as bolas.',
  },
  'E8.4': {
    en: 'A ball legally pocketed on the break keeps the breaker at the table; the table stays open.',
    pt: 'Uma bola embolsada legalmente na saída mantém o jogador na mesa; a mesa continua aberta.',
  },
  'E8.5': {
    en: 'A scratch on a legal break is a foul: the table is open and the incoming player has ball in hand behind the head string.',
    pt: 'Embolsar a bola branca numa saída legal é falta: a mesa fica aberta e o oponente tem bola na mão atrás da linha de saída.',
  },
  'E8.6': {
    en: 'An object ball jumped off the table on the break is a foul: the incoming player accepts the table or takes ball in hand behind the head string.',
    pt: 'Uma bola de cor que salta da mesa na saída é falta: o oponente aceita a mesa ou fica com bola na mão atrás da linha de saída.',
  },
  'E8.7': {
    en: 'The 8 pocketed on the break is neither a win nor a loss: the breaker spots it or re-breaks; with a scratch the opponent chooses.',
    pt: 'A bola 8 embolsada na saída não ganha nem perde: o jogador repõe-na ou volta a sair; com a branca embolsada escolhe o oponente.',
  },
  'E8.8': {
    en: 'The table is open until the groups are decided; hitting the 8 first on an open table ends the inning and scores nothing.',
    pt: 'A mesa está aberta até os grupos estarem definidos; tocar primeiro na bola 8 com a mesa aberta termina o turno sem contar bolas.',
  },
  'E8.9': {
    en: 'The groups are decided when a player legally pockets a called ball after the break.',
    pt: 'Os grupos ficam definidos quando um jogador embolsa legalmente uma bola anunciada depois da saída.',
  },
  'E8.10': {
    en: 'With groups set, the cue ball must hit an own-group ball first and then a ball must be pocketed or reach a cushion.',
    pt: 'Com os grupos definidos, a branca toca primeiro uma bola do grupo e depois uma bola é embolsada ou toca uma tabela.',
  },
  'E8.11': {
    en: 'A declared safety is a legal shot that ends the inning; balls pocketed on it stay down.',
    pt: 'Uma defesa anunciada é uma tacada legal que termina o turno; as bolas embolsadas ficam embolsadas.',
  },
  'E8.12': {
    en: 'The shooter continues while legally pocketing own-group balls, then plays the 8.',
    pt: 'O jogador continua enquanto embolsar legalmente bolas do seu grupo e depois joga à bola 8.',
  },
  'E8.13': {
    en: 'A foul gives the opponent ball in hand anywhere, except after a break foul.',
    pt: 'Uma falta dá ao oponente bola na mão em qualquer ponto da mesa, salvo nas faltas de saída.',
  },
  'E8.14': {
    en: 'Combinations are legal, but the 8 may start one only on an open table.',
    pt: 'As combinações são legais, mas a bola 8 só pode iniciar uma com a mesa aberta.',
  },
  'E8.15': {
    en: 'Balls pocketed illegally stay pocketed.',
    pt: 'As bolas embolsadas ilegalmente ficam embolsadas.',
  },
  'E8.16': {
    en: 'An object ball off the table is a foul; under the federation it counts as pocketed (the 8: see E8.18).',
    pt: 'Uma bola de cor fora da mesa é falta; pela federação conta como embolsada (a bola 8: ver E8.18).',
  },
  'E8.17': {
    en: 'A foul while playing the 8 is not a loss unless the 8 is pocketed or leaves the table.',
    pt: 'Uma falta ao jogar à bola 8 não perde o jogo, a não ser que a 8 seja embolsada ou saia da mesa.',
  },
  'E8.18': {
    en: 'The game is lost by a foul while pocketing the 8, the 8 pocketed with the last group ball, the 8 off the table, the 8 in an uncalled pocket, or the 8 pocketed before its turn.',
    pt: 'Perde o jogo quem comete falta ao embolsar a bola 8, a embolsa com a última bola do grupo, a faz sair da mesa, a mete numa bolsa não anunciada ou a embolsa antes do tempo.',
  },
  'E8.19': {
    en: 'A stalemate is re-racked and the original breaker breaks again.',
    pt: 'Num impasse as bolas são repostas e volta a sair quem saiu.',
  },
  'E8.20': {
    en: 'Three fouls in a row do not lose an 8-ball game.',
    pt: 'Três faltas seguidas não perdem um jogo de bola 8.',
  },
  'N9.1': {
    en: 'The break must hit the 1 first; if nothing drops, four object balls must reach cushions, else it is a foul.',
    pt: 'A saída toca primeiro a bola 1; se nada for embolsado, quatro bolas de cor tocam tabelas, senão é falta.',
  },
  'N9.2': {
    en: 'A push out may be declared on the shot after a foul-free break; the opponent then chooses who shoots.',
    pt: 'Na tacada a seguir a uma saída sem falta pode anunciar-se um push out; o oponente escolhe quem joga.',
  },
  'N9.3': {
    en: 'Any ball legally pocketed continues the inning; the 9 legally pocketed on any shot but a push out wins.',
    pt: 'Qualquer bola embolsada legalmente continua o turno; a 9 embolsada legalmente, salvo num push out, ganha.',
  },
  'N9.4': {
    en: 'The 9 is spotted when pocketed on a foul or push out, or driven off the table; no other ball is spotted.',
    pt: 'A 9 é reposta quando embolsada em falta ou push out, ou fora da mesa; nenhuma outra bola é reposta.',
  },
  'N9.5': {
    en: 'A foul gives the opponent ball in hand anywhere, after the break too.',
    pt: 'Uma falta dá ao oponente bola na mão em qualquer ponto da mesa, também na saída.',
  },
  'N9.6': {
    en: 'The cue ball must first hit the lowest-numbered ball on the table.',
    pt: 'A branca tem de tocar primeiro a bola de número mais baixo na mesa.',
  },
  'N9.7': {
    en: 'If nothing is pocketed, some ball must reach a cushion after the first contact.',
    pt: 'Se nada for embolsado, uma bola tem de tocar uma tabela depois do primeiro contacto.',
  },
  'N9.8': {
    en: 'Three fouls in a row in one rack lose it, provided the player was warned on two.',
    pt: 'Três faltas seguidas no mesmo jogo perdem-no, se o jogador foi avisado à segunda.',
  },
  'N9.9': {
    en: 'A stalemate is re-racked and the original breaker breaks again.',
    pt: 'Num impasse as bolas são repostas e volta a sair quem saiu.',
  },
  'T10.1': {
    en: 'The break must hit the 1 first; if nothing drops, four object balls must reach cushions, else it is a foul.',
    pt: 'A saída toca primeiro a bola 1; se nada for embolsado, quatro bolas de cor tocam tabelas, senão é falta.',
  },
  'T10.2': {
    en: 'The 10 pocketed on a legal break is spotted and the breaker continues.',
    pt: 'A 10 embolsada numa saída legal é reposta e o jogador continua.',
  },
  'T10.3': {
    en: 'A push out is allowed as in 9-ball; a 10 pocketed on it is spotted.',
    pt: 'O push out é permitido como na bola 9; a 10 embolsada nele é reposta.',
  },
  'T10.4': {
    en: 'Every shot but the break and a push out is called: one ball and one pocket.',
    pt: 'Todas as tacadas, salvo a saída e o push out, são anunciadas: uma bola e uma bolsa.',
  },
  'T10.5': {
    en: 'The shooter may call safety instead; the inning passes after the shot.',
    pt: 'O jogador pode anunciar defesa; o turno passa depois da tacada.',
  },
  'T10.6': {
    en: 'A ball pocketed other than as called is no foul: the inning ends and the opponent chooses who shoots.',
    pt: 'Uma bola embolsada de forma diferente da anunciada não é falta: o turno acaba e o oponente escolhe quem joga.',
  },
  'T10.7': {
    en: 'Legally pocketing the called ball continues the inning; the called 10 legally pocketed wins.',
    pt: 'Embolsar legalmente a bola anunciada continua o turno; a 10 anunciada e embolsada legalmente ganha.',
  },
  'T10.8': {
    en: 'The 10 is spotted when pocketed on the break, a push out, a foul, wrongfully, or driven off the table.',
    pt: 'A 10 é reposta quando embolsada na saída, num push out, em falta, indevidamente, ou fora da mesa.',
  },
  'T10.9': {
    en: 'A foul gives the opponent ball in hand anywhere.',
    pt: 'Uma falta dá ao oponente bola na mão em qualquer ponto da mesa.',
  },
  'T10.10': {
    en: 'Three fouls in a row lose the rack, provided the player was warned on two.',
    pt: 'Três faltas seguidas perdem o jogo, se o jogador foi avisado à segunda.',
  },
  'T10.11': {
    en: 'A stalemate is re-racked and the original breaker breaks again.',
    pt: 'Num impasse as bolas são repostas e volta a sair quem saiu.',
  },
};
