// A short English statement of each general rule (G1.x, the federation's part 1), in the
// ledger's own words: what the rule requires and what breaking it costs. The Portuguese text of
// these rules is the federation's own (federation-pt.ts).
export const GENERAL_EN: Readonly<Record<string, string>> = {
  'G1.1': 'Tables, balls and equipment follow the BCA standards.',
  'G1.2':
    'The balls are racked tight, each touching its neighbours, with the apex ball on the foot spot.',
  'G1.3': 'Only the cue tip may strike the cue ball; any other contact is a foul.',
  'G1.4': 'A shot that is not obvious must be called: the ball and the pocket, nothing more.',
  'G1.5': 'Missing the called ball on a legal shot ends the inning.',
  'G1.6':
    'The break order is settled by a coin toss or a lag; the winner breaks or hands the break to the opponent, who cannot refuse.',
  'G1.7':
    'In the lag both players shoot at once to the foot cushion and back; the ball closer to the head cushion wins, and a ball that crosses, is pocketed, leaves the table, touches a side cushion or hits the foot cushion twice loses.',
  'G1.8':
    'The break is played with the cue ball in hand behind the head string; the game starts once the struck cue ball crosses that line.',
  'G1.9':
    'Stopping or deflecting the cue ball on the break after it crosses the head string and before it reaches an object ball is a foul; the opponent chooses who breaks, and a second such foul in the match forfeits it.',
  'G1.10':
    'Ball in hand behind the head string (after a break foul) is placed in the kitchen; a ball in the kitchen may not be played directly, and a placement on or past the line only counts if pointed out before the shot.',
  'G1.11':
    'A ball is pocketed when a legal stroke drops it and it stays in; one that bounces back onto the bed is not.',
  'G1.12': 'Where a ball lies is decided by the point where its base touches the cloth.',
  'G1.13':
    'At least one foot must touch the floor when the tip meets the cue ball; otherwise it is a foul.',
  'G1.14': 'Shooting while any ball is still moving or spinning is a foul.',
  'G1.15': 'A shot ends once every ball has stopped, plus five seconds.',
  'G1.16':
    'The head string itself is not in the kitchen: a ball on it may be played when play must go beyond the line.',
  'G1.17': 'Every foul ends the inning and gives the opponent the cue ball in hand.',
  'G1.18':
    "The cue ball must first touch a ball of the shooter's own group; hitting another first, or nothing, is a foul.",
  'G1.19':
    'After a good first contact the shooter must legally pocket an own-group ball or send the cue ball or some ball to a cushion; otherwise it is a foul.',
  'G1.20': 'Pocketing the cue ball, or the cue ball touching a ball already pocketed, is a foul.',
  'G1.21':
    'With a referee, touching a ball in play with anything but the tip is a foul and the referee restores it; without one, an accidental touch that is restored is not a foul.',
  'G1.22': 'Touching an object ball while placing the cue ball in hand is a foul.',
  'G1.23':
    'Hitting the cue ball twice, or the tip still touching it when it reaches the object ball, is a foul.',
  'G1.24': 'Keeping the tip on the cue ball longer than a normal stroke (a push shot) is a foul.',
  'G1.25':
    "The shooter answers for chalk, bridges and other equipment: if they touch a ball it is the shooter's foul.",
  'G1.26':
    'Deliberately making the cue ball leave the cloth by striking under its centre is a foul; doing it by accident is not.',
  'G1.27': 'Jumping the cue ball by raising the cue is legal unless the game forbids it.',
  'G1.28':
    'A ball that touches anything but the table, even if it returns, is off the table and the shot is a foul; such balls count as pocketed, except the 8.',
  'G1.29':
    'Striking the cue ball with any part of the cue but the tip is a foul; when intentional the player is warned, and a second time forfeits the match.',
  'G1.30': 'Several fouls on one stroke are punished once, by the most serious of them.',
  'G1.31':
    'Balls that move on their own stay where they settle; a ball that drops more than five seconds after stopping is put back.',
  'G1.32':
    'Other balls pocketed on a legal shot stay down, except the 8 when it was not the legal object ball.',
  'G1.33':
    'Balls moved by outside interference are put back without penalty; if that is impossible the game is replayed with the same breaker.',
  'G1.34':
    'A match is a set number of games; the winner of a game usually breaks the next, unless the organiser announced another break order beforehand.',
  'G1.35':
    'Players take turns: an inning ends when the shooter fails to legally pocket an own-group ball or fouls, and the opponent then plays the balls as they lie.',
  'G1.36':
    'A cushion that an own-group ball was declared frozen to before the shot does not count for G1.19: the ball must be pocketed, or a ball must reach another cushion, or the frozen ball must return to its cushion after hitting a ball.',
  'G1.37':
    'With ball in hand behind the head string, the cue ball must cross the line before touching a ball or a cushion; with a referee a failure is a foul, without one the opponent claims the foul or a replay.',
  'G1.38':
    'The cue ball in hand may be placed by hand or with the cue; once the placement is announced any other contact than the stroke is a foul.',
  'G1.39':
    'Disturbing the shooter, or shooting out of turn, is unsportsmanlike interference and can lead to disqualification.',
  'G1.40':
    'Using balls, the triangle, chalk or other equipment to measure or aim is a foul; only the cue may be used.',
  'G1.41': 'Marking the table in any way, chalk included, to help a shot is a foul.',
};
