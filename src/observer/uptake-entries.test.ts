// One sentence of our own for every entry of the word lists `readUptake` and `optionsOf` read
// (issue #13, review of rules@20): each entry is shown to do its part, in a table per list.
import { describe, expect, it } from 'vitest';
import { optionsOf, readUptake } from './uptake.js';

const kind = (reply: string, options: readonly string[] = []) => readUptake(reply, options).kind;

describe('readUptake, entry by entry', () => {
  // ACCEPT: each opener, followed by words that neither hedge nor turn it down.
  it.each([
    ['yes', 'Yes, book the Thursday slot.'],
    ['yep', 'Yep, that matches the invoice.'],
    ['yeah', 'Yeah, send it to the printer.'],
    ['yup', 'Yup, the blue folder.'],
    ['sure', 'Sure, rename the branch.'],
    ['ok', 'Ok, merge it.'],
    ['okay', 'Okay, archive the old board.'],
    ['k', 'k, restart the runner.'],
    ['alright', 'Alright, book the ferry.'],
    ['all right', 'All right, lock the release.'],
    ['agreed', 'Agreed, keep the weekly call.'],
    ['exactly', 'Exactly, the north entrance.'],
    ['correct', 'Correct, twelve seats.'],
    ['perfect', 'Perfect, print two copies.'],
    ['great', 'Great, send the draft to Amara.'],
    ['good', 'Good, file it under taxes.'],
    ['excellent', 'Excellent, ship the patch.'],
    ['fine', 'Fine, use the spare key.'],
    ['cool', 'Cool, pin that version.'],
    ['nice', 'Nice, keep the cache warm.'],
    ['lgtm', 'lgtm, merge when green.'],
    ['sound good', 'Sound good to me.'],
    ['sounds good', 'Sounds good, book it.'],
    ['sounds great', 'Sounds great, order the blue ones.'],
    ['sounds right', 'Sounds right, the invoice says the same.'],
    ['sounds fine', 'Sounds fine, go on.'],
    ['sounds perfect', 'Sounds perfect for the launch.'],
    ['look good', 'Look good to me.'],
    ['looks good', 'Looks good, tag it.'],
    ['looks great', 'Looks great, publish it.'],
    ['looks right', 'Looks right, the totals match.'],
    ['looks fine', 'Looks fine, commit it.'],
    ['works for me', 'Works for me, tag the build.'],
    ['that works', 'That works, order the cables.'],
    ['fine by me', 'Fine by me, split the bill.'],
    ['makes sense', 'Makes sense, add the index.'],
    ['deal', 'Deal, I bring the snacks.'],
    ['done', 'Done, the form is signed.'],
    ['approved', 'Approved, go live at noon.'],
    ['please do', 'Please do, and copy Jonas.'],
    ['go ahead', 'Go ahead with the rename.'],
    ['no worries, go ahead', 'No worries, go ahead and reboot it.'],
    ['no problem, go ahead', 'No problem, go ahead.'],
    ['go for it', 'Go for it, the budget is there.'],
    ['do it', 'Do it, the team agreed.'],
    ['do that', 'Do that for all three repos.'],
    ["let's do it", "Let's do it this weekend."],
    ["let's do that", "Let's do that before the demo."],
    ["let's do this", "Let's do this properly."],
    ['lets do it', 'lets do it tonight'],
    ["let's go", "Let's go, the van is loaded."],
    ['ship it', 'Ship it to staging first.'],
    ['👍', '👍 book it'],
    ['✅', '✅ merged'],
    ['👌', '👌 that one'],
    ['🙌', '🙌 finally'],
    ['💯', '💯 do that'],
  ])('reads "%s" as acceptance (%j)', (_, reply) => {
    expect(kind(reply)).toBe('accept');
  });

  // REJECT: each opener turns the turn down.
  it.each([
    ['no', 'No, the old layout stays.'],
    ['nope', 'Nope, keep the current plan.'],
    ['nah', 'Nah, the van is too small.'],
    ['naw', 'Naw, leave the font as is.'],
    ['not that', 'Not that, the other folder.'],
    ['not this', 'Not this, it is too loud.'],
    ['not it', 'Not it, that was the old key.'],
    ['not now', 'Not now, the shop is busy.'],
    ['not really', 'Not really, the blue is nicer.'],
    ["let's not", "Let's not touch the router."],
    ['rather not', 'Rather not, the lawn is fine.'],
    ["i'd rather not", "I'd rather not move the meeting."],
    ["don't", "Don't, the backup is running."],
    ["don't do it", "Don't do it, the cat sleeps there."],
    ["don't do that", "Don't do that on a Friday."],
    ['do not', 'Do not reboot the printer.'],
    ['skip it', 'Skip it, the guests cancelled.'],
    ['skip that', 'Skip that step for the demo.'],
    ['skip this', 'Skip this one, the hall is booked.'],
    ['pass', 'Pass, the old layout stays.'],
    ['no thanks', 'No thanks, the draft is enough.'],
    ['no thank', 'No thank you, the kettle works.'],
    ['never mind', 'Never mind, Priya fixed it.'],
    ['nevermind', 'nevermind, found the receipt'],
    ['forget it', 'Forget it, the store closed.'],
    ['scrap it', 'Scrap it, the client left.'],
    ['scrap that', 'Scrap that, we keep the old logo.'],
    ['nein', 'Nein, das bleibt so.'],
    ['non', 'Non, on garde la version actuelle.'],
    ['não', 'Não, fica como está.'],
    ['いいえ', 'いいえ、そのままで。'],
    ['不要', '不要，保持原样。'],
    ['不用', '不用，我自己来。'],
    ['👎', '👎 too pricey'],
  ])('reads "%s" as a rejection (%j)', (_, reply) => {
    expect(kind(reply)).toBe('reject');
  });

  // QUALIFIED: each word after a yes, in the first sentence or the next, takes the yes back.
  it.each([
    ['but', 'Sure, but after lunch.'],
    ['though', 'Yes, though the hall is small.'],
    ['however', 'Ok, however the van is booked.'],
    ['except', 'Fine, except the Monday slot.'],
    ['unless', 'Yes, unless Marta objects.'],
    ['if', 'Sure, if the quote stays low.'],
    ['maybe', 'Ok, maybe after the trip.'],
    ['perhaps', 'Yes, perhaps in spring.'],
    ['probably', 'Sure, probably next quarter.'],
    ['might', 'Ok, we might do that in June.'],
    ['not yet', 'Yes, not yet though.'],
    ['later', 'Sure, later this month.'],
    ['for now', 'Ok, the old one for now.'],
    ['wait', 'Yes, wait for the invoice.'],
    ['hold on', 'Ok, hold on a moment.'],
    ['hmm', 'Yes, hmm, the colour.'],
    ['instead', 'Sure, the smaller box instead.'],
    ['rather', 'Yes, or rather the smaller box.'],
    ['think about it', 'Ok, I will think about it.'],
    ['not sure', 'Yes, not sure about the colour.'],
    ['although', 'Good, although the font is odd.'],
    ['let me think', 'Ok, let me think.'],
    ['let me check', 'Sure, let me check the calendar.'],
    ['let me ask', 'Yes, let me ask Kofi.'],
    ["we'll see", "Ok, we'll see in May."],
    ['not', 'Yes, not the red one.'],
    ["don't", "Sure, don't rush it."],
    ['no', 'Ok, no rush on the sketches.'],
    ['?', 'Yes, the blue one?'],
    ['a second sentence', 'Sounds good. But only after the audit.'],
  ])('reads a yes with "%s" as no acceptance (%j)', (_, reply) => {
    expect(kind(reply)).toBe('none');
  });

  // HEDGE: each opener defers or hedges the whole reply, even a pick that follows it.
  const rooms = ['The attic room', 'The garden room'];
  it.each([
    ['maybe', 'Maybe the garden room.'],
    ['perhaps', 'Perhaps the garden room.'],
    ['possibly', 'Possibly the garden room.'],
    ['probably', 'Probably the garden room.'],
    ['hmm', 'Hmm, the garden room.'],
    ['hmmm', 'Hmmm the garden room'],
    ["i'll think", "I'll think it over, the garden room."],
    ['i will think', 'I will think it over, the garden room.'],
    ['let me think', 'Let me think, the garden room.'],
    ['not sure', 'Not sure, the garden room.'],
    ["i'm not sure", "I'm not sure, the garden room."],
    ['im not sure', 'im not sure, the garden room'],
    ["we'll see", "We'll see, the garden room."],
    ['not yet', 'Not yet, the garden room.'],
    ['later', 'Later, the garden room.'],
    ["i don't know", "I don't know, the garden room."],
    ['dunno', 'dunno, the garden room'],
    ['good question', 'Good question, the garden room.'],
  ])('reads the hedge "%s" as no uptake (%j)', (_, reply) => {
    expect(kind(reply, rooms)).toBe('none');
  });

  it('reads the pick the hedges hold back', () => {
    expect(readUptake('The garden room.', rooms)).toEqual({ kind: 'choose', option: 1 });
  });

  // NO_OBJECTION: "no worries" / "no problem" open no refusal.
  it.each([
    ['no worries', 'No worries at all.'],
    ['no problem', 'No problem at all.'],
  ])('reads "%s" as no rejection (%j)', (_, reply) => {
    expect(kind(reply)).not.toBe('reject');
  });

  // SARCASM: a yes said in irony.
  it.each([
    ['yeah, right', 'Yeah, right, as if the bus comes.'],
    ['yes right', 'yes right, like that ever happens'],
    ['sure, right', 'Sure, right, the cheque is in the post.'],
    ['nice try', 'Nice try, Tomasz.'],
  ])('reads "%s" as no acceptance (%j)', (_, reply) => {
    expect(kind(reply)).toBe('none');
  });

  // CHOOSING: past three words, a name picks only in a choosing phrase.
  const dumps = ['Keep the dump on the web host', 'Run the dump from the Postgres replica'];
  it.each([
    ['one', 'the replica one for our setup'],
    ['option', 'the replica option for our setup'],
    ['go with', 'go with the replica from tonight'],
    ['take', 'take the replica for the nightly dump'],
    ['pick', 'pick the replica for this job'],
    ['choose', 'choose the replica for the nightly dump'],
    ['prefer', 'prefer the replica for the nightly dump'],
    ['use', 'use the replica for the nightly dump'],
    ["let's do", "let's do the replica for the nightly dump"],
  ])('reads a pick by name with "%s" (%j)', (_, reply) => {
    expect(readUptake(reply, dumps)).toEqual({ kind: 'choose', option: 1 });
  });

  it('reads no pick from a name past three words without a choosing phrase', () => {
    expect(kind('the replica sounds fragile to me honestly', dumps)).toBe('none');
  });

  // ORDINALS: each way of naming an option by position.
  const four = ['Walk', 'Cycle', 'Take the tram', 'Drive'];
  it.each([
    ['the first', 'the first', 0],
    ['first one', 'first one please', 0],
    ['first option', 'first option', 0],
    ['option 1', 'option 1', 0],
    ['option a', 'option A', 0],
    ['option one', 'option one', 0],
    ['#1', '#1', 0],
    ['a bare 1', '1', 0],
    ['a bare (a)', '(a)', 0],
    ['the second', 'the second', 1],
    ['second one', 'second one please', 1],
    ['second option', 'second option', 1],
    ['option 2', 'option 2', 1],
    ['option b', 'option B', 1],
    ['option two', 'option two', 1],
    ['#2', '#2', 1],
    ['a bare 2)', '2)', 1],
    ['a bare b.', 'b.', 1],
    ['the third', 'the third', 2],
    ['third one', 'third one please', 2],
    ['third option', 'third option', 2],
    ['option 3', 'option 3', 2],
    ['option c', 'option C', 2],
    ['option three', 'option three', 2],
    ['#3', '#3', 2],
    ['a bare 3', '3', 2],
    ['the fourth', 'the fourth', 3],
    ['fourth one', 'fourth one please', 3],
    ['fourth option', 'fourth option', 3],
    ['option 4', 'option 4', 3],
    ['option d', 'option D', 3],
    ['option four', 'option four', 3],
    ['#4', '#4', 3],
    ['the former', 'the former', 0],
    ['the latter', 'the latter', 3],
    ['latter', 'latter please', 3],
    ['last one', 'last one', 3],
    ['last option', 'the last option', 3],
  ] as const)('reads "%s" (%j) as option %i', (_, reply, option) => {
    expect(readUptake(reply, four)).toEqual({ kind: 'choose', option });
  });
});

describe('optionsOf, entry by entry', () => {
  // LIST_LINE: each list marker.
  it.each([
    ['1.', '1. Walk\n2. Cycle'],
    ['1)', '1) Walk\n2) Cycle'],
    ['a)', 'a) Walk\nb) Cycle'],
    ['-', '- Walk\n- Cycle'],
    ['*', '* Walk\n* Cycle'],
    ['•', '• Walk\n• Cycle'],
    ['Option A:', 'Option A: Walk\nOption B: Cycle'],
  ])('reads the list lines marked "%s"', (_, text) => {
    expect(optionsOf(text)).toEqual(['Walk', 'Cycle']);
  });

  // INLINE_MARK: each inline enumeration.
  it.each([
    ['(1)', 'Either (1) walk (2) cycle'],
    ['1)', 'Either 1) walk 2) cycle'],
    ['(a)', 'Either (a) walk (b) cycle'],
    ['a)', 'Either a) walk b) cycle'],
    ['with or', 'Either (1) walk, or (2) cycle'],
  ])('reads the inline enumeration marked "%s"', (_, text) => {
    expect(optionsOf(text)).toEqual(['walk', 'cycle']);
  });
});
