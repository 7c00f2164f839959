// Demo content for the Academy: courses, forum, knowledge base, templates
// and the monthly live session. Plain data only; the seeder decides how to
// store it. All text is original and written for this project.

export type SeedAuthor = "admin" | "student" | "premium";

export interface SeedSection {
  type: "text" | "image" | "video";
  title: string;
  content: string;
  url?: string;
}

export interface SeedLesson {
  title: string;
  description: string;
  sections: SeedSection[];
}

export interface SeedCourse {
  title: string;
  description: string;
  level: "Beginner" | "Intermediate" | "Advanced";
  rating: string;
  duration: string;
  isPremium: boolean;
  imageUrl: string;
  lessons: SeedLesson[];
}

export interface SeedReply {
  author: SeedAuthor;
  content: string;
}

export interface SeedTopic {
  title: string;
  content: string;
  author: SeedAuthor;
  isPinned?: boolean;
  isLocked?: boolean;
  replies: SeedReply[];
}

export interface SeedForumCategory {
  name: string;
  description: string;
  permission: "base" | "advanced";
  color: "8B5CF6" | "059669" | "DC2626" | "D97706" | "0891B2" | "7C3AED";
  topics: SeedTopic[];
}

export interface SeedArticle {
  title: string;
  summary: string;
  content: string;
  category:
    | "Getting Started"
    | "Business Tools"
    | "Study Tips"
    | "Community"
    | "Membership"
    | "Technical Support";
  tags: string[];
  isPublished: boolean;
}

export interface SeedTemplate {
  title: string;
  description: string;
  category: "tools" | "templates" | "calculators";
  fileName: string;
  isPremiumOnly: boolean;
  body: string;
}

export interface SeedConference {
  title: string;
  description: string;
  daysFromNow: number;
  hour: number;
  duration: number;
  maxParticipants: number;
  isPremiumOnly: boolean;
}

// ---------------------------------------------------------------------------
// Courses
// ---------------------------------------------------------------------------

export const seedCourses: SeedCourse[] = [
  {
    title: "Foundations of Intuitive Reading",
    description:
      "A gentle, practical introduction to intuitive work: how to notice your own inner signals, prepare yourself before a reading, ask questions that open a conversation, and share impressions in a way that leaves clients feeling clearer and more capable.",
    level: "Beginner",
    rating: "4.8",
    duration: "4 weeks",
    isPremium: false,
    imageUrl: "/images/courses/intuitive-reading-foundations.svg",
    lessons: [
      {
        title: "What Intuition Is (and Isn't)",
        description:
          "Build a grounded, working definition of intuition and start mapping the personal signals you already receive.",
        sections: [
          {
            type: "text",
            title: "A practical definition of intuition",
            content: `Intuition is often described as mysterious, but in day-to-day practice it behaves more like a skill than a gift. It is the quiet, fast way your mind brings together impressions, memories, body sensations and symbols before your analytical thinking has caught up. Many advisors describe it as a sense of *knowing* that arrives whole, rather than being reasoned out step by step.

Treating intuition as a skill has two big advantages. First, it means you can **practise and improve** it, just as you would a musical instrument. Second, it keeps you humble: a skill can be rusty, tired or biased, and a responsible advisor allows for that.

It also helps to be clear about what intuition is *not*:

- It is not a guarantee of a particular future.
- It is not a replacement for medical, legal or financial advice.
- It is not a reason to override a client's own judgement about their life.

Throughout this course we will treat intuitive impressions as meaningful information to be explored together with the client, offered with care, and held lightly enough that the client always remains the author of their own choices.`,
          },
          {
            type: "text",
            title: "Mapping your personal signals",
            content: `Every reader receives impressions a little differently. Some people see images or colours, others hear a word or phrase, and many simply feel a shift in the body: warmth in the chest, a tightening in the stomach, a sudden lightness. Learning your own pattern is the first real step in intuitive training.

For the next seven days, keep a small notebook or a note on your phone and record moments when you had a hunch. For each one, write down:

1. **What you noticed** – an image, a sound, a feeling or a thought.
2. **Where you noticed it** – in the body, in the mind's eye, as a sudden phrase.
3. **What happened next** – did the hunch turn out to be useful, neutral or off the mark?

Do not judge the results yet. The goal is simply to collect data about how your intuition speaks to you. Most students discover that one or two channels are much stronger than the others, and that their impressions are clearer when they are rested and relaxed. By the end of the week you will have a personal reference sheet you can return to whenever you feel unsure whether an impression is intuition or ordinary worry.`,
          },
          {
            type: "image",
            title: "The inner landscape",
            content:
              "An abstract night sky with a glowing central circle, representing the quiet inner space where intuitive impressions arise.",
            url: "/images/courses/intuitive-reading-foundations.svg",
          },
        ],
      },
      {
        title: "Grounding and Centering Before a Reading",
        description:
          "Learn a short, repeatable routine that settles your nervous system and helps you arrive fully present for each client.",
        sections: [
          {
            type: "text",
            title: "Why grounding matters",
            content: `Clients often come to an advisor when something in their life feels uncertain or heavy. If you begin a session rushed, distracted or anxious, it becomes very hard to tell the difference between your own state and what you are picking up about the client's situation. Grounding is simply the practice of settling into your body and the present moment so that your perception is as clear as it can be.

Grounding also protects you. Advisors who skip this step tend to feel drained after sessions, carry clients' stories home with them, or slip into over-giving. A steady baseline makes it easier to notice when something is not yours to carry.

You do not need elaborate rituals. What matters is that your routine is:

- **Short** enough that you will actually do it before every session.
- **Physical**, involving breath, posture or touch, so it reaches the body and not only the mind.
- **Consistent**, so that over time the routine itself becomes a signal to your system that it is time to focus.

In the next section you will learn a five-minute sequence that many of our graduates still use years later.`,
          },
          {
            type: "text",
            title: "A five-minute pre-reading routine",
            content: `Try this sequence before your next practice reading. Set a gentle timer if it helps.

1. **Arrive (1 minute).** Sit with both feet flat on the floor. Notice the weight of your body on the chair and the temperature of the air on your skin.
2. **Breathe (1 minute).** Breathe in for a count of four and out for a count of six. The longer out-breath tells your nervous system that you are safe.
3. **Scan (1 minute).** Move your attention slowly from the top of your head to your feet. Note any tension without trying to fix it. This is your baseline, so you can later recognise sensations that belong to the reading rather than to you.
4. **Set an intention (1 minute).** Silently state what you are here to do, for example: "May I see clearly, speak kindly and serve this person's highest good."
5. **Prepare your space (1 minute).** Tidy the table, lay out your cards or notes, silence your phone and have water within reach.

After the session, reverse the process: a few slow breaths, a brief stretch, and a moment to consciously set the session aside. Many advisors wash their hands or step outside as a simple closing gesture.`,
          },
          {
            type: "video",
            title: "Guided grounding practice",
            content:
              "A calm, ten-minute guided practice that walks you through the arrive, breathe, scan and intention steps in real time.",
            url: "https://www.youtube.com/watch?v=kT7qLmR2vXe",
          },
        ],
      },
      {
        title: "Asking Questions That Open the Conversation",
        description:
          "Turn vague or anxious questions into clear, empowering ones that give both you and your client something meaningful to work with.",
        sections: [
          {
            type: "text",
            title: "Open questions versus closed questions",
            content: `The question a client brings shapes the whole reading. Closed questions such as "Will he come back?" or "Will I get the job?" invite a yes or no answer and tend to put the client in a passive position, waiting for fate to decide. They also place enormous pressure on the advisor to predict something that, in reality, depends on many people's choices.

Open questions invite exploration. Compare these pairs:

- "Will he come back?" becomes **"What do I need to understand about this relationship right now?"**
- "Will I get the job?" becomes **"How can I present my strengths best in this application?"**
- "Is this the right house?" becomes **"What should I keep in mind as I decide where to live?"**

Open questions do not avoid the client's real concern; they meet it in a way that respects their agency. They also give you much richer material to work with, because the reading can describe influences, options and inner resources rather than a single verdict. When you introduce this idea to clients, keep it friendly rather than corrective. Most people are relieved to learn they can ask about what is within their power.`,
          },
          {
            type: "text",
            title: "Gently reframing fear-based questions",
            content: `Sometimes a client arrives with a question driven by fear: "Is something bad going to happen to my family?" or "Am I cursed?" These moments call for particular care. Your first job is not to answer the question but to **acknowledge the feeling** behind it.

A helpful three-step approach:

1. **Reflect.** "It sounds like you have been carrying a lot of worry about this."
2. **Clarify.** "Can you tell me a little about what has been happening that brought this up?"
3. **Reframe.** "Rather than looking for something frightening, shall we ask what support and steadiness are available to you right now?"

Never use a client's fear to create urgency or to sell further services, such as claiming that a curse can only be lifted by a paid ritual. This is one of the clearest ethical lines in our profession. If fear seems connected to ongoing anxiety, trauma or a real safety risk, say so kindly and suggest support from an appropriate professional, such as a doctor, counsellor or local support service.

Over time, your calm response teaches clients that a reading is a space for clarity rather than alarm.`,
          },
        ],
      },
      {
        title: "Sharing Impressions with Care",
        description:
          "Practise separating what you perceive from what you conclude, and learn language that informs without frightening or dictating.",
        sections: [
          {
            type: "text",
            title: "Impression, interpretation, suggestion",
            content: `One of the most useful habits an advisor can develop is separating three different layers of what they say:

- **Impression** – the raw material. "I am seeing an image of a closed door with light underneath it."
- **Interpretation** – what you think it might mean. "This could suggest an opportunity that is not obvious yet."
- **Suggestion** – a possible action. "It might be worth asking around quietly before deciding nothing is available."

When these layers blur together, readings can feel overwhelming or overly certain. When you keep them distinct, clients can engage with each layer. They may recognise the image immediately and offer an interpretation that fits their life far better than yours.

Practise by narrating your readings out loud, even when you are alone. Label each statement silently as impression, interpretation or suggestion. You will quickly notice whether you tend to jump straight to conclusions, or whether you hold back useful suggestions out of caution. Both tendencies can be balanced once you see them clearly.`,
          },
          {
            type: "text",
            title: "Language that empowers",
            content: `The words you choose can leave a client feeling either more capable or more dependent. Small changes make a big difference. Compare:

- "You will be unhappy if you stay" versus **"There are signs of strain here. What would help you feel more supported?"**
- "This person is bad for you" versus **"I am sensing some imbalance in how much each of you gives. Does that resonate?"**
- "You must do this by Friday" versus **"The energy around acting soon feels supportive, if that fits your plans."**

Notice the pattern: describe rather than decree, invite the client's own knowledge, and leave the decision with them. Questions such as "Does that resonate?" are not a sign of weakness. They keep the reading collaborative and give you valuable feedback in the moment.

Avoid absolute words like *always*, *never*, *definitely* and *doomed*. Avoid predicting death, serious illness, pregnancy or legal outcomes. If a client asks directly, explain that these are areas where they deserve qualified professional guidance, and offer to explore how they are feeling about the situation instead.`,
          },
          {
            type: "text",
            title: "Practice exercise: the three-card journal",
            content: `To bring this lesson together, spend the next two weeks on a short daily exercise. You can use tarot or oracle cards, a pendulum, or simply a quiet moment of reflection if you do not work with tools.

Each morning:

1. Ask an open question about your day, such as "What will help me most today?"
2. Draw three cards or note three impressions.
3. Write one line for each using the **impression, interpretation, suggestion** structure.

Each evening, spend two minutes reviewing what you wrote. Which parts felt accurate? Where did your interpretation miss the mark while the impression itself was still meaningful? Did the suggestion help?

By the end of the two weeks you will have around forty entries, a personal record of how your intuition, your interpretations and your real life interact. Share one or two observations in the **Reading Practice Circle** forum if you feel comfortable. Reading how other students experience the same exercise is one of the quickest ways to notice your own blind spots and strengths.`,
          },
        ],
      },
    ],
  },
  {
    title: "Ethical Client Communication & Boundaries",
    description:
      "Learn to communicate with honesty and care: scope of practice, informed consent, healthy boundaries, recognising dependency and navigating difficult or sensitive conversations with confidence.",
    level: "Intermediate",
    rating: "4.7",
    duration: "3 weeks",
    isPremium: false,
    imageUrl: "/images/courses/ethical-client-communication.svg",
    lessons: [
      {
        title: "The Advisor's Duty of Care",
        description:
          "Understand what you owe clients as a professional and where the limits of spiritual guidance lie.",
        sections: [
          {
            type: "text",
            title: "What duty of care means for advisors",
            content: `Spiritual advisors are not usually regulated in the way that therapists or doctors are, which makes personal ethics even more important. A duty of care simply means taking reasonable steps to make sure your work does not harm the people you serve. For an advisor, that includes:

- **Honesty** about what you offer and what a reading can and cannot do.
- **Respect** for the client's autonomy, beliefs and right to disagree with you.
- **Confidentiality** for what they share, within legal limits.
- **Fairness** in pricing, with no pressure tactics or hidden costs.

Clients often arrive during vulnerable times: after a breakup, a loss or a period of confusion. That vulnerability can make them more suggestible than usual. Your words may be remembered and repeated for years, so they carry weight.

A good test for any statement in a session is to ask yourself: *Would I be comfortable if this client repeated what I said, word for word, to a trusted friend?* If the answer is no because it sounds frightening, manipulative or overconfident, it is worth rephrasing.`,
          },
          {
            type: "text",
            title: "Scope of practice and referrals",
            content: `Knowing the edges of your role is a sign of professionalism, not a limitation. Intuitive guidance can offer reflection, perspective, comfort and encouragement. It cannot diagnose illness, provide legal judgements, recommend investments or replace mental-health treatment.

When a client raises a topic outside your scope, you can still be helpful. Try a response such as:

> "That sounds really important, and it deserves the attention of someone qualified in that area. I can't tell you what a medical result means, but I'm happy to explore how you're feeling while you wait for your appointment."

It helps to prepare a short **referral list** before you need it. Include general resources such as local crisis lines, how to find a licensed counsellor, and consumer advice services in your region. You do not need to recommend specific people; pointing towards the right kind of help is enough.

Be especially alert to mentions of self-harm, abuse or immediate danger. In these cases, pause the reading, express care directly, and encourage the client to contact emergency services or a crisis line. Their safety always comes before the session.`,
          },
        ],
      },
      {
        title: "Informed Consent Before Every Session",
        description:
          "Make sure clients know what to expect, what you will and will not do, and how sensitive topics and other people are handled.",
        sections: [
          {
            type: "text",
            title: "What clients should know before they book",
            content: `Informed consent means that a client agrees to a session with a reasonable understanding of what it involves. Most complaints in this field come from mismatched expectations rather than bad intentions, so clear information up front protects everyone.

Before a client books, make sure your website or booking page explains:

- **What a session is**: the methods you use, the format and the length.
- **What it is not**: for example, "Readings are for reflection and guidance and are not a substitute for medical, legal, financial or psychological advice."
- **Pricing and policies**: the fee, what happens if a session runs over, and your cancellation and refund terms.
- **Privacy**: what you record, how long you keep it and who can see it.
- **Age requirements**: many advisors only work with adults, which is a sensible default.

At the start of each session, briefly confirm the essentials in plain language. A friendly thirty-second summary is enough: "Just so you know, I'll share what comes through, and you're always welcome to tell me if something doesn't fit. Everything we discuss stays between us."`,
          },
          {
            type: "text",
            title: "Sensitive topics and third parties",
            content: `Clients frequently ask about other people: a partner, an ex, a boss, a teenage child. These readings can be meaningful, but they raise real consent questions because the third party has not agreed to be "read".

A respectful approach keeps the focus on the client:

- Instead of "What is he thinking?", explore **"What is my part in this dynamic, and what do I need?"**
- Avoid claiming certainty about another person's private thoughts, health or intentions.
- Decline readings intended to control, track or harm someone, such as finding out where an ex is living.

Some topics need extra care even when they concern the client directly: pregnancy, health, grief, money and legal matters. Check in before going deeper: "This feels like a tender area. Would you like me to continue, or would you prefer to focus elsewhere?" Consent is not a one-time box to tick; it is an ongoing conversation throughout the session.

If a client becomes distressed, slow down, name what you notice, and offer choices. Giving control back to the client is one of the most calming things you can do.`,
          },
          {
            type: "image",
            title: "Two circles, one conversation",
            content:
              "Two overlapping circles in soft teal and gold, symbolising the shared yet separate space of advisor and client.",
            url: "/images/courses/ethical-client-communication.svg",
          },
        ],
      },
      {
        title: "Holding Healthy Boundaries",
        description:
          "Set clear limits around time, contact and emotional involvement, and learn to spot and gently address client dependency.",
        sections: [
          {
            type: "text",
            title: "Time, availability and contact",
            content: `Boundaries are the agreements that keep a professional relationship safe and sustainable. Without them, even the most caring advisor can end up exhausted, resentful or overly entangled in a client's life.

Consider setting clear policies for:

- **Session length.** Start and end on time. A gentle five-minute warning helps the close feel natural.
- **Contact between sessions.** Decide whether you answer follow-up questions, how quickly, and whether that is included in the fee.
- **Channels.** Many advisors keep client contact to a business email or booking platform rather than personal messaging apps.
- **Working hours.** Clients in distress may message late at night. A polite auto-reply with crisis resources is kinder than an exhausted reply at 2am.

Write your boundaries down and share them in advance, ideally in your booking confirmation. When a boundary is tested, restate it warmly and without apology: "I keep my messages to working hours so I can give each client my full attention. I'll reply on Monday morning." Consistency matters more than perfection; clients feel safer with an advisor whose limits are predictable.`,
          },
          {
            type: "text",
            title: "Recognising and addressing dependency",
            content: `Some clients begin to rely on readings for every decision, booking several sessions a week or asking the same question repeatedly in the hope of a different answer. While this may look good for business, it is rarely good for the client, and an ethical advisor takes it seriously.

Signs of possible dependency include:

- Asking about the same situation many times within a short period.
- Being unable to make small everyday decisions without a reading.
- Spending more than they can comfortably afford.
- Expressing distress when you are unavailable.

Address it with compassion, not judgement. You might say: "I've noticed we've looked at this question several times. I wonder if it would help to take a break for a few weeks and see what you notice on your own." You can also suggest a maximum session frequency, or refer the client to a counsellor if anxiety seems to be driving the pattern.

Supporting a client's independence is the heart of good advising. The goal is for people to leave your sessions trusting themselves more, not needing you more.`,
          },
        ],
      },
      {
        title: "Navigating Difficult Conversations",
        description:
          "Deliver challenging messages with honesty and kindness, respond appropriately to crisis, and handle complaints professionally.",
        sections: [
          {
            type: "text",
            title: "Delivering a hard message",
            content: `Sooner or later, a reading will point towards something the client may not want to hear: a relationship that seems unbalanced, a plan with obvious risks, or a pattern they keep repeating. Avoiding these insights does the client no favours, but delivering them carelessly can hurt.

A simple structure helps:

1. **Ask permission.** "There's something coming through that may be a bit challenging. Would you like me to share it?"
2. **Describe, don't judge.** Focus on what you observe, not on who is at fault.
3. **Balance it.** Pair every challenge with a resource, a strength or a possible next step.
4. **Check in.** "How does that land for you?"

Remember that a reading shows influences and possibilities, not fixed outcomes. Use phrases like "one possibility is" or "if things continue as they are". This honesty about uncertainty is not hedging; it is accurate, and it leaves room for the client to act. If you find yourself softening a message until it means nothing, pause and ask what the client actually needs to hear to make a good decision.`,
          },
          {
            type: "text",
            title: "When a client is in crisis",
            content: `Occasionally, a client will disclose something serious during a session: thoughts of suicide, abuse at home, a medical emergency or severe distress. In these moments, **the reading stops and the human conversation begins**.

Stay calm and follow these steps:

- Acknowledge what they have said directly and without panic: "Thank you for telling me. I'm really glad you did."
- Ask whether they are safe right now.
- Encourage them to contact emergency services or a crisis line, and share the relevant number for their region if you have it.
- If there is immediate danger and you know their location, it may be appropriate to contact emergency services yourself. Find out the guidance in your country in advance.

Afterwards, write a brief factual note of what happened and what you advised, and take care of yourself. Talk it over with a peer or mentor while protecting the client's identity. You are not expected to be a crisis counsellor. You are expected to respond with care and point the person towards those who are.`,
          },
          {
            type: "text",
            title: "Responding to complaints gracefully",
            content: `Even excellent advisors receive complaints. A client may feel a reading was inaccurate, that they were rushed, or that the price did not match the experience. How you respond often matters more than what went wrong.

A professional response:

1. **Thank them** for raising it, and acknowledge their feelings without becoming defensive.
2. **Clarify** what happened. Check your notes and ask questions if needed.
3. **Decide fairly.** Refer to your published policy, but use judgement. A partial refund or a complimentary follow-up can be a reasonable gesture.
4. **Reply in writing**, briefly and kindly, and keep a copy.
5. **Reflect.** Is there something in your information, process or communication that could prevent a similar misunderstanding?

Never argue about whether a reading was "right". Intuitive work involves interpretation, and the client's experience is valid even if you see things differently. Complaints handled with grace often turn into loyal clients, and patterns in complaints are valuable feedback for improving your practice.`,
          },
        ],
      },
    ],
  },
  {
    title: "Building a Thriving Advisory Practice",
    description:
      "An in-depth business programme for working advisors: define your niche, price sustainably, market with integrity, design a client journey that builds loyalty, and put simple systems in place so your practice supports your life.",
    level: "Advanced",
    rating: "4.9",
    duration: "6 weeks",
    isPremium: true,
    imageUrl: "/images/courses/advisory-practice-mastery.svg",
    lessons: [
      {
        title: "Defining Your Niche and Your Offer",
        description:
          "Clarify who you serve best and turn your skills into a small, clear menu of services clients can understand at a glance.",
        sections: [
          {
            type: "text",
            title: "Who you serve best",
            content: `Many advisors begin by offering "readings for anyone about anything". It feels generous, but it makes marketing difficult because nobody feels specifically invited. A niche is not a cage; it is a welcome sign that helps the right clients recognise you.

To find yours, look back over the sessions you have enjoyed most and ask:

- **Who** were those clients? Think about life stage, values and circumstances rather than demographics alone.
- **What** were they navigating? Career change, creative blocks, grief, relationships, spiritual growth?
- **Why** did the work feel meaningful to you?

Patterns usually appear quickly. You might notice that you love working with people in career transitions, or with creative professionals, or with people exploring spirituality for the first time.

Write a one-sentence description: "I help [who] with [what] so that they can [outcome]." Keep the outcome modest and honest, for example "feel clearer about their next step" rather than "find their soulmate in thirty days". You can still serve clients outside your niche; the niche simply guides your messaging, content and offers.`,
          },
          {
            type: "text",
            title: "Designing a clear menu of services",
            content: `Confused clients rarely book. A short, well-described menu makes choosing easy and reduces back-and-forth messages. Most thriving practices need only three to five offers:

1. **An introductory session** – short and accessible, ideal for new clients who want to experience your style.
2. **A core session** – your signature offering, long enough to explore a topic in depth.
3. **A package or series** – for clients working through a longer process, such as a career change.
4. **An optional written or recorded reading** – useful for clients in other time zones or who prefer to reflect privately.

For each offer, describe the format, length, what the client receives and who it suits best. Avoid vague promises; focus on the experience and the kind of clarity people typically gain.

Review your menu every six months. If an offer is rarely booked, consider retiring it. If clients keep asking for something you do not offer, that is valuable market research. A smaller, well-loved menu is almost always more sustainable than a long list of services you struggle to deliver well.`,
          },
        ],
      },
      {
        title: "Pricing with Confidence",
        description:
          "Calculate a rate that covers your real costs and time, and design packages and concessions that stay fair to you and your clients.",
        sections: [
          {
            type: "text",
            title: "Calculating a sustainable rate",
            content: `Pricing is where many advisors undervalue themselves. A session fee must cover far more than the hour you spend with a client. It also pays for preparation, notes, admin, marketing, training, software, taxes, holidays and the days you are unwell.

A simple method:

1. **Decide your target annual income** before tax, based on what you genuinely need to live.
2. **Add your yearly business costs**: platforms, insurance, website, supervision, courses and tools.
3. **Estimate realistic billable sessions per year.** Most solo advisors can sustain far fewer paid hours than they expect; fifteen to twenty sessions a week is a lot for intuitive work.
4. **Divide** the total of steps 1 and 2 by the number of sessions.

The result is your break-even rate. Compare it with what others of similar experience charge in your market. If the calculation is far above the market, look at costs and capacity rather than simply lowering your price.

Our **Session Rate Calculator** worksheet in the Resources area walks you through these steps with space for your own numbers. Revisit it every year, as costs and experience both change.`,
          },
          {
            type: "text",
            title: "Packages, sliding scales and discounts",
            content: `Once you know your base rate, you can design pricing options that widen access without undermining your income.

**Packages** suit clients working through a process over time. A series of four sessions at a modest saving encourages commitment and reduces your admin. Be clear about expiry dates and what happens if a client needs to pause.

**Sliding scales** allow clients on lower incomes to pay less. Keep them simple, for example three published tiers, and trust clients to choose honestly. Limit the number of reduced-fee spots per month so the practice stays viable.

**Discounts** should be used sparingly. Constant sales can signal that your regular price is not real, and urgency-based offers ("only today!") sit uncomfortably with the trust this work requires.

A few guidelines keep pricing ethical:

- Publish prices openly before booking.
- Never add surprise fees during a session.
- Never tie pricing to fear, such as charging more to "remove" negative energy.
- Give receipts and keep records for your accounts.

Fair, transparent pricing is itself a form of marketing: it tells clients they can trust you.`,
          },
          {
            type: "image",
            title: "Balance and flow",
            content:
              "A geometric mandala in deep green and gold, evoking the balance between generosity and sustainability in a healthy practice.",
            url: "/images/courses/advisory-practice-mastery.svg",
          },
        ],
      },
      {
        title: "Ethical Marketing That Feels Like You",
        description:
          "Reframe marketing as an honest invitation and build a content rhythm that shows your values and attracts aligned clients.",
        sections: [
          {
            type: "text",
            title: "Marketing as an invitation",
            content: `Many advisors feel uneasy about marketing because they associate it with pressure and exaggeration. Ethical marketing is different: it is simply **helping the right people find out that you exist** and understand how you could help.

A few principles keep marketing aligned with your values:

- **Be specific, not sensational.** "I help people think through career decisions using tarot as a reflective tool" is more trustworthy than "I'll reveal your destiny!"
- **Show, don't promise.** Share your approach, your reasoning and small examples of your style rather than guarantees of outcomes.
- **Respect privacy.** Never share client stories without explicit written permission, and even then change identifying details.
- **Avoid fear.** Marketing that implies disaster awaits people who don't book is manipulative, however common it may be.

Think of your marketing as a generous preview. Someone who reads your posts or newsletter for months without booking has still received something of value. When they, or someone they recommend you to, are ready, they will already trust you.`,
          },
          {
            type: "text",
            title: "Content ideas that build trust",
            content: `Consistent, modest content builds trust far more effectively than occasional bursts of promotion. Choose one main channel you enjoy, such as a newsletter, blog, podcast or one social platform, and commit to a sustainable rhythm, perhaps every two weeks.

Content ideas that work well for advisors:

1. **Card or symbol spotlights** – a short reflection on one tarot card or astrological theme and how it might show up in everyday life.
2. **Seasonal reflections** – a new moon intention prompt or a journaling exercise for the change of season.
3. **Behind the scenes** – how you prepare for sessions, what your ethics policy means in practice.
4. **Frequently asked questions** – what happens in a session, how to choose a question, how to prepare.
5. **Client-approved stories** – with permission and details changed, showing the kind of clarity people gain.

End each piece with a gentle, clear invitation: "If you'd like to explore this in a session, you can book here." One sentence is enough. Track which topics lead to replies and bookings, and let that shape your next three months of content.`,
          },
        ],
      },
      {
        title: "The Client Journey and Retention",
        description:
          "Map every step from first enquiry to follow-up so clients feel cared for, and gather testimonials ethically.",
        sections: [
          {
            type: "text",
            title: "From first contact to follow-up",
            content: `The client journey is every interaction someone has with your practice, from discovering you to the weeks after a session. Mapping it helps you spot friction and moments where a little care makes a lasting impression.

A typical journey has five stages:

1. **Discovery** – they find your content, a referral or your listing.
2. **Enquiry and booking** – they read your services, ask a question and pay.
3. **Preparation** – they receive a confirmation with what to expect, your policies and a short intake form.
4. **The session** – a clear opening, an exploratory middle and a grounded close.
5. **Follow-up** – a thank-you message, any promised notes or recordings, and perhaps a reflection prompt a week later.

Walk through your own journey as if you were a new client. Is the booking page clear on a phone? Does the confirmation email answer the usual questions? How long do clients wait for replies?

Retention grows naturally when people feel remembered. A brief personal note in the follow-up, referring to something meaningful from the session, often matters more to clients than any loyalty discount.`,
          },
          {
            type: "text",
            title: "Gathering testimonials ethically",
            content: `Testimonials help new clients feel confident about booking, but they must be gathered and used with care.

Good practice includes:

- **Ask at the right time**, usually a week or two after a session, once the client has had time to reflect.
- **Make it optional** and easy to decline. Never make a discount conditional on a positive review.
- **Get explicit permission** for how you will use the words, and whether you may use a first name, initials or nothing at all.
- **Do not edit meaning.** You may shorten a testimonial for length, but never change what it says.
- **Avoid outcome claims** you could not stand behind, such as "She predicted my promotion exactly." Favour testimonials about the experience: feeling heard, gaining clarity, feeling calmer.

A simple request might read: "If our session was helpful, would you be willing to share a sentence or two about your experience? There's absolutely no obligation."

Keep a record of each permission with the date, so you can remove a testimonial promptly if a client changes their mind.`,
          },
        ],
      },
      {
        title: "Systems, Money and Sustainability",
        description:
          "Set up lightweight admin systems, understand basic money habits and protect your energy so your practice can last for years.",
        sections: [
          {
            type: "text",
            title: "Lightweight systems for a solo practice",
            content: `You do not need complex software to run a professional practice, but you do need a few reliable systems so that nothing important depends on memory alone.

The essentials:

- **Booking and payments** – an online scheduler connected to a payment processor, with automatic confirmations and reminders.
- **Client records** – a secure, organised place for intake forms and session notes, with clear retention rules.
- **Templates** – saved replies for common questions, confirmation messages and follow-ups.
- **Bookkeeping** – a simple spreadsheet or accounting tool where every payment and expense is logged weekly.

Set aside one regular admin block each week, perhaps ninety minutes on a Friday. Use it to reconcile payments, update records, answer non-urgent messages and review the coming week.

Keep in mind that tax, insurance and business registration rules vary widely by country. Consult a qualified accountant or local small-business advisor about your specific obligations. Our lessons cover general good habits only, and a professional's advice is worth far more than the fee it costs.`,
          },
          {
            type: "text",
            title: "Protecting your energy for the long term",
            content: `The most common reason advisors leave the profession is not a lack of clients but exhaustion. Intuitive work asks for sustained attention and emotional presence, and that needs to be budgeted like any other resource.

Build sustainability into your calendar:

- **Cap daily sessions** at a number that leaves you with energy for your own life. Many experienced advisors settle between three and five.
- **Leave buffers** of at least fifteen minutes between sessions for notes, water and a short reset.
- **Schedule time off** before you need it, including at least two proper breaks a year.
- **Seek peer support** through a mentor, supervision group or our Premium Mastermind forum.

Watch for early warning signs: dreading sessions you used to enjoy, irritation with clients, difficulty sleeping, or feeling numb. These are signals to rest and adjust, not personal failings.

A thriving practice is one that supports your life rather than consuming it. When you look after yourself, clients receive a clearer, steadier version of you, and that is the foundation of everything else in this course.`,
          },
        ],
      },
    ],
  },
  {
    title: "Tarot Symbolism Essentials",
    description:
      "Get to know the tarot deck as a rich symbolic language: its structure, the journey of the Major Arcana, suits and numbers, court cards, reversals and how to design simple spreads for real client questions.",
    level: "Beginner",
    rating: "4.6",
    duration: "5 weeks",
    isPremium: false,
    imageUrl: "/images/courses/tarot-symbolism-essentials.svg",
    lessons: [
      {
        title: "The Structure of the Deck",
        description:
          "Understand how the 78 cards are organised and how the four suits connect to the classical elements.",
        sections: [
          {
            type: "text",
            title: "Major and Minor Arcana",
            content: `A standard tarot deck contains 78 cards divided into two groups. The word *arcana* means secrets or mysteries, a reminder that the cards have long been used for contemplation.

- **The Major Arcana** has 22 cards, numbered 0 to 21, from The Fool to The World. These cards tend to describe significant themes, life lessons and turning points.
- **The Minor Arcana** has 56 cards in four suits. Each suit has ten numbered cards (Ace to Ten) and four court cards. These describe everyday situations, people, moods and practical matters.

A helpful way to think about the difference: the Major Arcana shows the *chapter* of a story, while the Minor Arcana shows the *scenes* within it. When a reading contains many Major cards, the situation may feel especially significant to the client. When it contains mostly Minor cards, the focus is often on practical, changeable details.

You do not need to memorise everything at once. Begin by sorting your deck into its groups and spending time simply looking at the images. Notice which cards draw you in and which you find puzzling; both responses are useful starting points.`,
          },
          {
            type: "text",
            title: "Four suits, four elements",
            content: `Each Minor Arcana suit is traditionally linked to one of the four classical elements. These associations give you a quick way into any card, even one you have not studied yet.

- **Wands – Fire.** Energy, inspiration, ambition, creativity and action. Wands often appear around new projects and passions.
- **Cups – Water.** Emotions, relationships, intuition and the inner life. Cups speak to how we feel and connect.
- **Swords – Air.** Thought, communication, decisions and conflict. Swords can describe clarity as well as mental stress.
- **Pentacles – Earth.** Work, money, health routines, home and the material world. Pentacles are about what we build over time.

Some decks use different suit names, such as Rods, Chalices, Blades or Coins, but the underlying ideas are similar. A few traditions also swap the elements of Wands and Swords; choose one system and use it consistently.

When you look at a spread, count the suits. A reading heavy in Cups suggests emotions are central; many Swords may point to overthinking or difficult conversations. This simple overview often helps clients see the shape of their situation before you interpret a single card in detail.`,
          },
          {
            type: "video",
            title: "A guided tour of the deck",
            content:
              "A relaxed walkthrough of a traditional tarot deck, showing how the Major Arcana, the four suits and the court cards fit together.",
            url: "https://www.youtube.com/watch?v=Rb4nWq9ZcHs",
          },
        ],
      },
      {
        title: "The Major Arcana as a Journey",
        description:
          "Read the 22 Major Arcana cards as a story of growth, and meet the key archetypes beginners use most often.",
        sections: [
          {
            type: "text",
            title: "The Fool's journey",
            content: `One of the most memorable ways to learn the Major Arcana is to see it as a journey taken by The Fool, card 0. The Fool sets out with curiosity and openness, and each card that follows represents someone met or a lesson learned along the way.

The journey is often described in three broad stages:

1. **Cards 1 to 7** – learning about the outer world: skill (The Magician), intuition (The High Priestess), nurture (The Empress), structure (The Emperor), tradition (The Hierophant), choice (The Lovers) and willpower (The Chariot).
2. **Cards 8 to 14** – turning inward: strength, solitude, cycles, fairness, surrender, endings and balance.
3. **Cards 15 to 21** – facing shadows and finding wholeness: temptation, upheaval, hope, uncertainty, joy, awakening and completion.

This story is a teaching device rather than a fixed doctrine, but it is useful in readings. When a Major card appears, you can ask the client where they might be on their own journey. Someone drawing The Hermit might be in a reflective phase that is necessary before something new can begin, which can be reassuring to hear.`,
          },
          {
            type: "text",
            title: "Five archetypes to know first",
            content: `Some Major Arcana cards appear in client readings so often, and carry so much emotional weight, that it is worth knowing them especially well from the start.

- **Death (XIII)** – endings and transformation. It almost never refers to physical death, and you should explain this gently if a client looks alarmed. It often marks the close of a chapter that makes room for something new.
- **The Tower (XVI)** – sudden change or the collapse of something unstable. It can feel dramatic, but it often clears away what was not working.
- **The Star (XVII)** – hope, healing and renewal after difficulty. A lovely card to highlight when a client feels discouraged.
- **The Lovers (VI)** – relationships, yes, but more deeply *choice* and alignment with one's values.
- **The Wheel of Fortune (X)** – cycles and change beyond our control, and how we respond to them.

For each card, write down three keywords, one question it might ask a client, and one way it could be misunderstood. That last step is important: knowing how a card might frighten or mislead someone helps you present it with care.`,
          },
        ],
      },
      {
        title: "Numbers, Court Cards and Colour",
        description:
          "Use number patterns, the court card family and visual details to read the Minor Arcana with confidence.",
        sections: [
          {
            type: "text",
            title: "Number patterns in the Minor Arcana",
            content: `Instead of memorising 40 numbered cards individually, you can combine what you know about each suit with a simple meaning for each number. The result is a flexible framework that works with almost any deck.

- **Ace** – a seed or new beginning.
- **Two** – balance, partnership or a choice.
- **Three** – growth, collaboration and early results.
- **Four** – stability, structure, sometimes stagnation.
- **Five** – challenge, disruption or loss.
- **Six** – recovery, harmony and giving or receiving.
- **Seven** – assessment, patience and perseverance.
- **Eight** – movement, effort and mastery in progress.
- **Nine** – near completion and personal fulfilment or worry.
- **Ten** – completion, the end of a cycle.

Now combine: the Five of Cups suggests an emotional loss or disappointment, while the Five of Pentacles points to material or practical hardship. The Ace of Swords is a new idea or moment of clarity; the Ace of Wands, a spark of motivation.

Test this framework against the imagery in your deck. Sometimes the artist's picture adds a nuance that the number alone does not capture, and that conversation between number and image is where rich readings come from.`,
          },
          {
            type: "text",
            title: "Understanding court cards",
            content: `Court cards are often described as the trickiest part of the deck. Each suit has four: Page, Knight, Queen and King. They can represent people in the client's life, aspects of the client's own personality, or approaches to a situation.

A helpful way to think of the court is as a family of maturity levels:

- **Page** – the student: curious, learning, bringing messages or new interest.
- **Knight** – the adventurer: active, focused, sometimes impulsive.
- **Queen** – the nurturer: inward mastery, emotional intelligence and care.
- **King** – the leader: outward mastery, responsibility and authority.

Combine the rank with the suit's element. The Queen of Cups is deeply empathetic and intuitive; the Knight of Swords charges ahead with ideas and words, sometimes too quickly.

Avoid assuming gender or age from court cards. A King may describe a young woman leading a project, and a Page may describe a retiree learning something new. When unsure, ask the client: "Does this energy remind you of anyone, or of a part of yourself?" Their answer often unlocks the whole spread.`,
          },
          {
            type: "image",
            title: "Cards in the night sky",
            content:
              "Abstract tarot-card shapes arranged beneath a crescent moon in deep indigo and rose, suggesting the symbolic language of the deck.",
            url: "/images/courses/tarot-symbolism-essentials.svg",
          },
        ],
      },
      {
        title: "Reversals and Simple Spread Design",
        description:
          "Choose a consistent approach to reversed cards and design clear spreads that fit the client's actual question.",
        sections: [
          {
            type: "text",
            title: "Approaches to reversed cards",
            content: `A reversed card is one that appears upside down. Readers differ widely on how to treat reversals, and there is no single correct approach. What matters is that you choose a method deliberately and use it consistently.

Common approaches include:

- **No reversals.** Many readers turn all cards upright and rely on position and context for nuance. This is a perfectly valid choice, especially for beginners.
- **Blocked or delayed energy.** The card's theme is present but held back, not yet expressed, or harder to access.
- **Internal expression.** The theme is happening inwardly rather than in outer events.
- **Opposite meaning.** The traditional approach, though it can feel blunt and is best used with care.

Whichever method you choose, avoid treating reversals as "bad" cards. A reversed Star might simply suggest that hope is present but the client has not yet allowed themselves to feel it, which opens a kind and useful conversation.

Try reading with and without reversals for a week each, keeping notes. Notice which approach gives you clearer, more helpful readings, and trust your experience.`,
          },
          {
            type: "text",
            title: "Designing simple, purposeful spreads",
            content: `Spreads give structure to a reading by assigning a meaning to each card position. While famous spreads are useful, designing your own simple spreads helps you match the reading to each client's actual question.

Start with three cards. Some flexible designs:

- **Situation / Challenge / Advice** – a reliable all-purpose spread.
- **What to keep / What to release / What to invite** – ideal for transitions and new beginnings.
- **Option A / Option B / What I need to know to choose** – for decisions, while leaving the choice with the client.
- **Mind / Heart / Body** – for checking in on overall wellbeing without making health claims.

When designing a spread, ask yourself: *Does each position help the client understand or act?* Avoid positions that invite fear or passivity, such as "What bad thing is coming?"

Before shuffling, tell the client what each position means. This transparency makes the reading collaborative and helps them engage with each card. Keep a page in your journal of spreads you have created, noting which ones clients found most helpful, and you will gradually build a personal toolkit that fits your style.`,
          },
        ],
      },
    ],
  },
  {
    title: "Astrology Basics for Advisors",
    description:
      "Learn the essential language of astrology, signs, planets and houses, and how to use birth charts and transits as a reflective framework in client sessions without fatalism or fear.",
    level: "Beginner",
    rating: "4.5",
    duration: "4 weeks",
    isPremium: false,
    imageUrl: "/images/courses/astrology-basics.svg",
    lessons: [
      {
        title: "Signs, Planets and Houses",
        description:
          "Learn the three core ingredients of astrological language and how they combine into meaningful statements.",
        sections: [
          {
            type: "text",
            title: "The three-part language of astrology",
            content: `Astrology can look intimidating at first, with its glyphs, degrees and unfamiliar terms. Underneath, though, it rests on three simple building blocks that combine like parts of a sentence.

- **Planets are the "what".** Each planet represents a type of energy or drive. The Sun relates to identity and vitality, the Moon to emotions and needs, Mercury to thinking and communication, Venus to love and values, Mars to action and desire.
- **Signs are the "how".** The twelve zodiac signs describe the style in which a planet expresses itself. Mars in Aries acts quickly and directly; Mars in Taurus acts steadily and patiently.
- **Houses are the "where".** The twelve houses represent areas of life, such as self, money, communication, home, creativity, work, relationships and career.

Put them together and you have a sentence: *Venus (love and values) in Cancer (caring, protective) in the tenth house (career and public life)* might describe someone who brings warmth and nurturing to their professional role.

In client work, this sentence structure helps you translate chart details into plain language. Clients rarely need technical terms; they need insight that feels relevant to their lives.`,
          },
          {
            type: "text",
            title: "The twelve signs at a glance",
            content: `Each zodiac sign combines an element (fire, earth, air or water) with a mode (cardinal, fixed or mutable). Knowing these two ingredients lets you understand any sign's core nature quickly.

- **Fire signs** – Aries, Leo, Sagittarius: enthusiastic, expressive, action-oriented.
- **Earth signs** – Taurus, Virgo, Capricorn: practical, grounded, focused on tangible results.
- **Air signs** – Gemini, Libra, Aquarius: curious, social, focused on ideas and connection.
- **Water signs** – Cancer, Scorpio, Pisces: sensitive, intuitive, emotionally deep.

The modes describe how each sign handles change:

- **Cardinal** signs (Aries, Cancer, Libra, Capricorn) initiate and start things.
- **Fixed** signs (Taurus, Leo, Scorpio, Aquarius) sustain and stabilise.
- **Mutable** signs (Gemini, Virgo, Sagittarius, Pisces) adapt and transition.

So Capricorn is *cardinal earth*: someone who initiates practical, long-term structures. Pisces is *mutable water*: adaptable, imaginative and empathetic.

Remember that sign descriptions are tendencies, not boxes. Every person is far more complex than one sign, and good advisors use these ideas to open conversations rather than to label people.`,
          },
        ],
      },
      {
        title: "Reading a Birth Chart Responsibly",
        description:
          "Collect birth data with care, focus on the Sun, Moon and Rising sign, and present chart insights as possibilities rather than fixed traits.",
        sections: [
          {
            type: "text",
            title: "Collecting and handling birth data",
            content: `A birth chart is calculated from the date, time and place of birth. This is personal information, and it deserves the same care as any other client data.

When collecting birth details:

- **Explain why you need them** and how they will be used.
- **Ask only for what you need.** You do not need a full name or address to cast a chart.
- **Store them securely** alongside other client records, and delete them according to your retention policy.
- **Do not cast charts for third parties** without a clear, respectful purpose. Analysing someone's partner or boss without their knowledge raises the same consent concerns as any third-party reading.

Birth times are often uncertain. If a client does not know theirs, you can still work meaningfully with planetary signs and aspects, while explaining that house placements and the Rising sign cannot be determined reliably. Honesty about these limits builds trust.

Reliable chart software handles the calculations, so your energy can go into interpretation. Double-check the birth location and time zone, as small errors can change the houses and Rising sign.`,
          },
          {
            type: "text",
            title: "Sun, Moon and Rising: the core trio",
            content: `For most client sessions, three chart placements offer a rich, accessible starting point.

- **The Sun sign** describes core identity, purpose and what helps a person feel vital. It is the sign most people already know.
- **The Moon sign** describes emotional needs, comfort and instinctive reactions. Clients often find their Moon sign surprisingly resonant.
- **The Rising sign**, or Ascendant, describes how a person meets the world, first impressions and their approach to new situations.

A simple way to introduce them to a client: "Your Sun is who you are becoming, your Moon is what you need to feel safe, and your Rising is how you step through the door."

When the three point in different directions, for example a fiery Sun with a watery Moon, avoid framing this as conflict or a problem. Instead, explore how the client balances these parts of themselves in daily life. Many people feel deeply understood when they hear that their apparently contradictory traits are both valid.

Always invite feedback: "Does this sound like you?" The chart is a map, and the client is the expert on the territory.`,
          },
          {
            type: "image",
            title: "The wheel of the sky",
            content:
              "A stylised birth-chart wheel with twelve segments in warm amber and midnight blue, surrounded by small stars.",
            url: "/images/courses/astrology-basics.svg",
          },
        ],
      },
      {
        title: "Transits and Timing Without Fatalism",
        description:
          "Understand what transits describe and how to talk about timing in a way that supports choice and avoids fear.",
        sections: [
          {
            type: "text",
            title: "What transits describe",
            content: `Transits are the ongoing movements of the planets in the sky, compared with the positions in a person's birth chart. When a moving planet forms a significant angle to a natal planet, astrologers say the person is experiencing a transit.

Transits are often used to describe the *themes* of a period rather than specific events. For example:

- **Saturn transits** are associated with responsibility, structure, limits and maturity.
- **Jupiter transits** are associated with growth, opportunity and learning.
- **Uranus transits** with change, surprises and a desire for freedom.
- **Neptune transits** with imagination, sensitivity and sometimes confusion.
- **Pluto transits** with deep transformation and letting go.

Slower planets describe longer chapters that can last many months. Faster planets, such as the Moon and Mercury, describe passing moods and short periods.

For beginners, focus on one or two significant transits rather than trying to interpret everything. Clients usually find it more helpful to understand one clear theme for the months ahead than to receive a long list of planetary movements they cannot remember.`,
          },
          {
            type: "text",
            title: "Talking about timing responsibly",
            content: `Clients often ask astrologers about timing: "When will I meet someone?" or "Is this a good month to change jobs?" Astrology can offer a reflective framework for these questions, but it should never replace practical judgement.

Some guidelines for responsible timing conversations:

- **Talk about themes, not guarantees.** "This period has a supportive tone for new beginnings" is honest; "You will get a new job in March" is not.
- **Never discourage necessary action.** If a client needs medical care, legal advice or to leave an unsafe situation, no planetary position is a reason to delay.
- **Reframe difficult transits.** Instead of "Saturn will bring hardship", try "This is a season that rewards patience and building solid foundations."
- **Avoid catastrophising** around commonly feared periods such as Mercury retrograde. These can be framed as good times for reviewing, editing and reconnecting.

A helpful closing question is: "Knowing this theme, what is one small step that feels right for you?" This turns a timing discussion into practical, empowering action, leaving the client in charge of their own decisions.`,
          },
        ],
      },
    ],
  },
  {
    title: "Client Sessions & Record Keeping",
    description:
      "Structure every session with a clear beginning, middle and end, adapt it for phone, video and written readings, and keep tidy, secure records that respect client privacy.",
    level: "Intermediate",
    rating: "4.7",
    duration: "3 weeks",
    isPremium: false,
    imageUrl: "/images/courses/client-sessions-and-records.svg",
    lessons: [
      {
        title: "Anatomy of a Great Session",
        description:
          "Learn a three-part session structure that helps clients feel safe, explore deeply and leave with something practical.",
        sections: [
          {
            type: "text",
            title: "Opening well",
            content: `The first five minutes of a session set the tone for everything that follows. A thoughtful opening helps the client settle, clarifies expectations and gives you the information you need to focus.

A reliable opening sequence:

1. **Welcome warmly.** Use their name, check they can hear and see you if remote, and offer a moment to get comfortable.
2. **Confirm the basics.** Session length, that they can ask questions at any time, and your confidentiality commitment.
3. **Invite their focus.** "What would you most like to explore today?" Let them speak without interrupting.
4. **Refine the question.** Reflect back what you heard and, if needed, help shape it into an open question.
5. **Agree the approach.** "I'll start with a spread looking at where you are now, then we'll explore what might help."

Resist the urge to start the reading immediately, even if the client seems eager. A short, calm opening shows professionalism and helps both of you arrive. Clients who feel heard in the first few minutes are far more open to the insights that follow.`,
          },
          {
            type: "text",
            title: "The exploratory middle",
            content: `The middle of a session is where most of the reading happens. It works best as a conversation rather than a monologue.

Keep these habits in mind:

- **Share in small pieces.** Offer one or two impressions, then pause and check in. Long uninterrupted speeches make it hard for clients to absorb what you are saying.
- **Follow the energy.** If a card or impression clearly resonates, explore it further instead of rushing through your planned structure.
- **Watch the clock gently.** Around the halfway point, check whether the client's main question is being addressed: "We've spent a while on work. Is there anything about the relationship question you'd like to be sure we cover?"
- **Notice emotion.** If a client becomes tearful or quiet, slow down. You might say, "Take your time," and simply wait.

Keep a small notepad nearby to jot down key points as you go. These help you summarise at the end and make writing up your notes afterwards much easier. Done well, the middle of a session feels spacious rather than rushed, even within a thirty-minute booking.`,
          },
          {
            type: "text",
            title: "Closing and integration",
            content: `A strong close helps clients turn insight into action and leave feeling grounded rather than overwhelmed. Reserve the last five to ten minutes for it.

A simple closing sequence:

1. **Signal the close.** "We have about ten minutes left, so let's start to bring things together."
2. **Summarise.** Recap the two or three most important themes in plain language.
3. **Invite reflection.** "What's the main thing you'll take away from today?" Their answer tells you what truly landed.
4. **Identify a next step.** Encourage one small, concrete action that is within their control.
5. **Mention follow-up.** Let them know if notes or a recording will follow, and how to contact you with questions.
6. **Close warmly.** Thank them and, if it fits your style, offer a brief grounding breath together.

Avoid introducing major new topics in the final minutes. If something important arises, acknowledge it and suggest exploring it in a future session. Ending on time is a kindness to both of you and reinforces the healthy boundaries we discussed in earlier lessons.`,
          },
        ],
      },
      {
        title: "Remote Sessions: Phone, Video and Written Readings",
        description:
          "Adapt your session structure for remote formats while keeping the same warmth, clarity and professionalism.",
        sections: [
          {
            type: "text",
            title: "Creating a calm remote space",
            content: `Many advisors now work mostly online. Remote sessions can be every bit as meaningful as in-person ones, but they need a little extra preparation to feel personal and professional.

Check these practical points before each remote session:

- **Connection.** Use a stable internet connection and have a phone number ready as a backup if video fails.
- **Sound.** A simple headset or external microphone improves clarity far more than an expensive camera.
- **Light and framing.** Face a window or soft lamp, and position the camera at eye level. If you use cards, test that they are visible on screen.
- **Privacy.** Make sure you cannot be overheard, and close any windows showing other clients' details.
- **Comfort.** Water, tissues for yourself, and a clock you can see without looking away from the client.

At the start of the session, confirm that the client is in a private space where they feel comfortable speaking. If they are in a car, at work or in a shared room, offer to reschedule or adjust the focus so they are not put in an awkward position.`,
          },
          {
            type: "text",
            title: "Written and recorded readings",
            content: `Written and recorded readings suit clients in different time zones, people who prefer to reflect privately, and those who find live sessions intense. They also need particular care, because the client cannot ask clarifying questions in the moment.

Good practice for asynchronous readings:

- **Clarify the question first.** A short intake form helps you understand the context before you begin.
- **Structure your response.** Start with an overview, then address each card or theme, and finish with a summary and one or two practical reflections.
- **Be extra careful with tone.** Written words can feel harsher than spoken ones. Read your draft aloud before sending it.
- **Set expectations.** State your delivery time and whether a follow-up question is included.
- **Protect the file.** Send readings through a secure channel and avoid including unnecessary personal details.

A written reading of 600 to 1,000 words is usually plenty. Longer is not always better; clients value clarity and warmth more than length. Always end with an invitation to reach out if anything feels confusing or upsetting.`,
          },
        ],
      },
      {
        title: "Notes, Records and Privacy",
        description:
          "Decide what to record, store it securely, and set clear rules for how long records are kept and when they are deleted.",
        sections: [
          {
            type: "text",
            title: "What to record, and what not to",
            content: `Session notes help you offer continuity, remember what matters to returning clients and protect yourself if a question or complaint arises. Good notes are brief, factual and respectful.

A useful note usually includes:

- Date, time, format and length of the session.
- The client's main question or focus, in their words where possible.
- Key themes, cards or chart factors discussed.
- Any next steps the client mentioned.
- Any concerns raised and referrals you suggested, with the date.

Avoid recording more than you need. Detailed notes about health, sexuality, religion or third parties are sensitive and increase your privacy responsibilities. Write as though the client may one day ask to read the note, because in many places they have the right to do so.

Avoid judgemental language such as "very needy" or "in denial". Describe what happened instead: "Client asked about the same situation as last session and was interested in exploring what might help her decide." Clear, neutral notes serve both you and your clients well.`,
          },
          {
            type: "text",
            title: "Storing and protecting client data",
            content: `Client information is entrusted to you, and protecting it is both an ethical duty and, in many regions, a legal requirement. Data protection laws vary between countries, so take time to learn the basics that apply where you and your clients live, or seek advice from a qualified professional.

Practical steps for a solo practice:

- **Use strong, unique passwords** and a password manager for every account that holds client data.
- **Turn on two-step verification** for email, booking and storage tools.
- **Keep records in one place.** Scattered notes across apps, notebooks and email are harder to secure and to delete.
- **Lock your devices** with a PIN or password and enable remote wipe where available.
- **Store paper notes** in a locked drawer and shred them when no longer needed.
- **Limit sharing.** If you discuss a session with a mentor, remove identifying details.

Tell clients in plain language what you store and why. A short privacy notice on your booking page is a simple way to build trust and meet many legal expectations at the same time.`,
          },
          {
            type: "text",
            title: "Retention, deletion and client requests",
            content: `Keeping records forever is neither necessary nor wise. The more data you hold, the more you have to protect. A clear retention policy tells you how long to keep each type of record and when to delete it.

A simple policy might look like this:

- **Payment records** – kept for as long as tax rules in your country require.
- **Session notes** – kept for a set period after the last session, for example two years, then securely deleted.
- **Intake forms and birth data** – kept with session notes and deleted at the same time.
- **Messages** – archived with the client record or deleted once no longer needed.

Put a recurring reminder in your calendar, perhaps every three months, to review and delete expired records.

Clients may ask to see, correct or delete their information. Respond promptly and politely, confirm their identity first, and keep a short note of the request and your response. If you are unsure of your obligations, seek advice from a qualified data-protection professional. Our **Client Record Retention Schedule** template in Resources gives you a ready-made starting point.`,
          },
        ],
      },
    ],
  },
  {
    title: "Mindful Presence & Energy Practice",
    description:
      "An advanced programme for experienced advisors: build a sustainable daily practice, use energy language responsibly, recover from compassion fatigue, and refine intuitive accuracy through honest feedback and peer supervision.",
    level: "Advanced",
    rating: "4.8",
    duration: "5 weeks",
    isPremium: true,
    imageUrl: "/images/courses/mindful-energy-practice.svg",
    lessons: [
      {
        title: "The Advisor's Daily Practice",
        description:
          "Design a short, realistic daily routine that keeps your perception clear and your nervous system steady.",
        sections: [
          {
            type: "text",
            title: "Building a routine that lasts",
            content: `Experienced advisors often say that the quality of their readings depends less on technique and more on the state they bring to the work. A consistent daily practice is how you tend that state over months and years.

The best routine is one you will actually keep. Rather than an ambitious hour-long ritual, start with a **fifteen-minute core** that you can do almost anywhere:

1. **Five minutes of stillness** – seated breathing or simple awareness of sounds around you.
2. **Five minutes of movement** – stretching, walking or gentle yoga to reconnect with the body.
3. **Five minutes of reflection** – journaling one insight from yesterday and one intention for today.

Anchor this routine to something you already do, such as your morning tea. Track it on a simple calendar; a visible chain of completed days is surprisingly motivating.

On heavier days, a two-minute version is far better than nothing. On lighter days, you might extend into meditation, card study or time in nature. Consistency, not intensity, is what builds the steady presence clients notice and trust.`,
          },
          {
            type: "text",
            title: "Breath and body awareness",
            content: `Your body is one of your most sensitive instruments as an advisor. Subtle shifts in breath, muscle tension and posture often reflect what is happening in a session before your mind has put it into words. Body awareness helps you notice these signals and return to balance afterwards.

Practise these techniques until they feel natural:

- **Extended exhale breathing.** Inhale for four counts, exhale for six to eight. Use it before sessions and whenever you feel rushed.
- **Box breathing.** Inhale four, hold four, exhale four, hold four. Helpful for focus and steadiness.
- **Micro body scans.** During a session, take a few seconds to notice your jaw, shoulders and belly. Release what you can.
- **Feet on the floor.** A simple, discreet way to ground yourself if a conversation becomes intense.

These practices are for general wellbeing and focus. They are not treatments for medical or psychological conditions, and if you experience persistent anxiety, breathlessness or physical symptoms, please consult a doctor. Used regularly, though, they can help you remain calm and attentive through even the most emotional sessions.`,
          },
        ],
      },
      {
        title: "Working with Energy Language Responsibly",
        description:
          "Use energy concepts as a helpful framework while staying honest, non-fearful and respectful of clients' beliefs.",
        sections: [
          {
            type: "text",
            title: "Energy as a descriptive framework",
            content: `Many advisors use the language of energy, speaking of heavy or light energy, blocked or flowing energy, or protecting one's energy. For many clients, this language is meaningful and helps them describe experiences that are otherwise hard to put into words.

Used responsibly, energy language is best treated as a **descriptive framework** rather than a set of factual claims. Saying "the energy around this decision feels hesitant" describes your perception and invites exploration. Saying "your chakras are blocked and causing your illness" makes a health claim that you cannot substantiate and may lead someone to delay real care.

Some guidelines:

- Describe what you perceive, and invite the client to relate it to their experience.
- Avoid linking energy concepts to diagnosis, illness or cure.
- Respect clients who do not share your framework; translate into everyday language where helpful.
- Never suggest that someone is cursed, under attack or carrying dark energy that only paid work can remove.

Clients from many traditions may hold their own understanding of energy. Curiosity and humility about different perspectives will serve you far better than insisting on one model.`,
          },
          {
            type: "text",
            title: "Simple opening and closing rituals",
            content: `Rituals mark transitions. A short opening ritual tells your mind that focused work is beginning; a closing ritual helps you set the session down and return to your own life. They do not need to be elaborate or tied to any particular tradition.

Ideas for opening rituals:

- Lighting a candle, if safe, or switching on a particular lamp.
- Shuffling your cards slowly while breathing deeply.
- Reading a short personal intention aloud.

Ideas for closing rituals:

- Washing your hands with cool water, imagining the session rinsing away.
- Stepping outside for a few breaths of fresh air.
- Writing your notes, then physically closing the notebook or file.
- A brief stretch, shaking out your hands and shoulders.

Many advisors also perform a weekly reset: tidying the reading space, refreshing flowers or plants, and reviewing the week's sessions in a journal. Whatever you choose, keep it simple and consistent. Its power comes from repetition, and from the message it sends to you that your own wellbeing matters too.`,
          },
          {
            type: "image",
            title: "Still water, quiet light",
            content:
              "Concentric rings of soft violet and aqua radiating from a central point of light, evoking calm, centred presence.",
            url: "/images/courses/mindful-energy-practice.svg",
          },
        ],
      },
      {
        title: "Compassion Fatigue and Recovery",
        description:
          "Recognise the early signs of compassion fatigue and build a personal recovery plan before you need it.",
        sections: [
          {
            type: "text",
            title: "Recognising compassion fatigue",
            content: `Compassion fatigue is the emotional and physical exhaustion that can develop when we spend a great deal of time holding space for other people's difficulties. It is common among counsellors, nurses and carers, and advisors are not immune. Caring deeply is part of what makes you good at this work, and it is also what makes you vulnerable.

Common signs include:

- Feeling emotionally numb or detached during sessions.
- Irritability, cynicism or impatience with clients.
- Difficulty switching off; thinking about clients late at night.
- Trouble sleeping, low energy or frequent minor illnesses.
- Losing interest in the practices that once nourished you.
- Dreading the work, or feeling that nothing you do is enough.

These signs usually build slowly, which is why they are easy to miss. Consider a brief weekly check-in with yourself: on a scale of one to ten, how is my energy, my enjoyment of the work and my sense of connection?

If the signs are strong or persistent, please speak to a doctor or licensed mental-health professional. Seeking support is not a failure; it is the same care you would encourage in any client.`,
          },
          {
            type: "text",
            title: "Your personal recovery plan",
            content: `A recovery plan is much easier to write while you feel well than when you are already depleted. Take thirty minutes this week to draft yours, and keep it somewhere you will see it.

Include these elements:

1. **Early warning signs.** Your personal list of the first signals that you are becoming depleted.
2. **Immediate actions.** Small things you will do as soon as you notice them, such as reducing sessions for a week, taking a full day off, or booking a walk with a friend.
3. **Support people.** Who you can talk to: a mentor, peer, supervisor or therapist.
4. **Practice adjustments.** Changes to your schedule, pricing or offers that would make the work more sustainable.
5. **Nourishing activities.** Things unrelated to advising that restore you: creative hobbies, movement, time in nature.
6. **A pause protocol.** How you will tell clients if you need to take a short break, with a pre-written message ready.

Share the plan with one trusted person if you can. Knowing that someone else can gently remind you of it is one of the most protective steps you can take.`,
          },
        ],
      },
      {
        title: "Refining Intuitive Accuracy",
        description:
          "Use feedback loops, honest self-review and peer supervision to sharpen your readings over time.",
        sections: [
          {
            type: "text",
            title: "Building honest feedback loops",
            content: `Advanced intuitive work is built on feedback. Without it, we tend to remember our hits and forget our misses, which quietly inflates our confidence. Honest feedback loops help you understand where your perception is strong and where your interpretations tend to drift.

Ways to gather feedback ethically:

- **In-session check-ins.** "Does that resonate?" gives immediate, gentle feedback.
- **Post-session reflection.** After each session, note which impressions seemed to connect and which did not.
- **Optional follow-up surveys.** A short, anonymous question or two sent a few weeks later, with no pressure to reply.
- **Personal practice logs.** Readings you do for yourself, reviewed weeks later with fresh eyes.

Look for patterns rather than single results. You might notice that your impressions about emotional dynamics are consistently helpful, while your sense of timing is less reliable. That insight lets you lean into your strengths and frame weaker areas with appropriate humility.

Treat misses with curiosity, not shame. Every experienced advisor has them. Often an impression was meaningful but interpreted too literally, and learning to see that difference is at the heart of mastery.`,
          },
          {
            type: "text",
            title: "Peer practice and supervision",
            content: `Therapists and counsellors routinely discuss their work with a supervisor or peer group. Advisors benefit enormously from the same practice, yet many work in complete isolation. Regular peer reflection improves your skill, protects your wellbeing and helps you navigate ethical grey areas.

Options to consider:

- **Practice swaps.** Exchange readings with a fellow student and give each other structured feedback on clarity, tone and helpfulness.
- **Case discussion groups.** Meet monthly with three to five peers to discuss challenging sessions, always removing identifying details.
- **Mentorship.** Work with a more experienced advisor for a set number of sessions focused on your development.
- **Paid supervision.** Some counsellors and coaches offer supervision to practitioners in related fields, which can be especially valuable for complex situations.

A useful case discussion structure: describe the situation briefly, name what you found difficult, share what you did, then invite questions before suggestions. This keeps the conversation reflective rather than critical.

Our Premium Mastermind forum is a good place to find practice partners and start a small group of your own.`,
          },
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------
// Forum
// ---------------------------------------------------------------------------

export const seedForumCategories: SeedForumCategory[] = [
  {
    name: "Introductions & Welcome",
    description:
      "Say hello, share what brought you to the Academy and meet fellow students from around the world.",
    permission: "base",
    color: "8B5CF6",
    topics: [
      {
        title: "Welcome to the Academy – please read our community guidelines",
        author: "admin",
        isPinned: true,
        content: `Welcome, and thank you for joining us! This forum is a space for advisors at every stage to learn, practise and support one another.

A few guidelines keep it warm and safe:

- **Be kind and constructive.** Disagree with ideas, never with people.
- **Protect client privacy.** Never post names or identifying details from real sessions.
- **No medical, legal or financial advice.** Point each other towards qualified professionals instead.
- **No unsolicited readings** for other members, and no selling in threads.

If something worries you, use the report button or message the team. We're so glad you're here.`,
        replies: [
          {
            author: "student",
            content: `Thank you for such a clear and kind welcome. The point about client privacy is a really helpful reminder, even for practice readings with friends. I hadn't thought about how easy it would be to share a detail without meaning to. I'll keep that in mind when I post.`,
          },
          {
            author: "premium",
            content: `I've been here a while now and these guidelines genuinely make this one of the most respectful communities I've been part of. People disagree, but always kindly, and nobody tries to sell you anything. Welcome, everyone! Don't be shy about asking questions, however basic they feel.`,
          },
        ],
      },
      {
        title: "Hello from a former teacher starting a new chapter",
        author: "student",
        content: `Hi everyone! I spent twenty years teaching primary school and have read tarot for friends and family for most of that time. Now that I've stepped back from the classroom, I'd love to explore whether advising could become a small, part-time practice.

I'm starting with **Foundations of Intuitive Reading** and already loving the grounding routine. I'm a little nervous about reading for strangers rather than people I know. Did anyone else feel that way at the start? Any tips for making the leap?`,
        replies: [
          {
            author: "premium",
            content: `Welcome! Your teaching background will serve you beautifully: explaining things clearly and holding a room are huge strengths. I was nervous too. Practice swaps with other students here helped me more than anything, because the stakes feel lower and the feedback is kind.`,
          },
          {
            author: "admin",
            content: `So lovely to have you with us. Nerves usually mean you care about doing this well, which is exactly the right starting point. When you're ready, the Reading Practice Circle is a great place to find a practice partner, and the lesson on grounding will help with first-session jitters too.`,
          },
          {
            author: "student",
            content: `Also a beginner here, and a former nurse! I had exactly the same worry about reading for strangers. Happy to do a practice swap whenever you're ready, and we can agree our feedback format first so it feels safe for both of us. Feel free to message me.`,
          },
        ],
      },
      {
        title: "What first drew you to intuitive work?",
        author: "premium",
        content: `I thought it would be nice to have a thread where we share our stories. For me it was my grandmother, who read tea leaves at the kitchen table and always said the leaves just "helped people say what they already knew". That idea still shapes how I work: the reading is a mirror, not a verdict.

What about you? A person, a book, a moment? I'd love to hear what set you on this path.`,
        replies: [
          {
            author: "student",
            content: `What a beautiful way of putting it. For me it was a difficult year after a redundancy. A reader helped me see my options more clearly without telling me what to do, and I remember thinking, I'd love to offer people that.`,
          },
        ],
      },
    ],
  },
  {
    name: "Reading Practice Circle",
    description:
      "Share practice readings, arrange swaps with fellow students, and give and receive kind, constructive feedback.",
    permission: "base",
    color: "059669",
    topics: [
      {
        title: "Practice swap sign-up thread",
        author: "admin",
        content: `Looking for someone to practise with? Reply here with:

- Your experience level
- What you'd like to practise (tarot, astrology, intuitive impressions, written readings)
- Your time zone and preferred format (video, phone or written)

Then message someone whose reply fits. Please agree your feedback format in advance. We suggest one thing that worked well, one thing that was unclear, and one suggestion.`,
        replies: [
          {
            author: "student",
            content: `Beginner, working on three-card tarot spreads (Situation / Challenge / Advice). UK time, happy with video or written exchanges on weekday evenings. I'm particularly keen on feedback about how I phrase challenging cards, because I tend to either soften them too much or sound far too serious.`,
          },
          {
            author: "student",
            content: `Beginner in astrology, practising short Sun, Moon and Rising summaries. Central European time. I can do written exchanges most weekends. If you share your birth details for practice, I'll treat them confidentially and delete them afterwards, as we learned in the record-keeping lessons.`,
          },
          {
            author: "premium",
            content: `Intermediate reader, happy to give feedback to one or two beginners each month. I remember how much a patient practice partner helped me when I started. Eastern US time, video preferred, and I usually have availability on Tuesday and Thursday evenings. Message me!`,
          },
        ],
      },
      {
        title: "How do you explain the Death card to nervous clients?",
        author: "student",
        content: `I did a practice reading for a friend last week and the Death card came up in the outcome position. Even though I know it's about endings and transformation, I could see her face drop before I'd said a word.

I explained it, but I felt clumsy. How do more experienced readers introduce this card (or The Tower) so it feels reassuring without sugar-coating?`,
        replies: [
          {
            author: "premium",
            content: `I address it before explaining it: "I can see this card might look alarming. It's actually one of the most misunderstood cards, and it's about endings that make space for something new." Naming the fear first lets people relax enough to hear the meaning.`,
          },
          {
            author: "admin",
            content: `Great question, and a very common one. The "Five archetypes to know first" section in Tarot Symbolism Essentials covers this in more depth. Asking "What in your life feels ready to change?" also turns the card into a conversation rather than a pronouncement, and gives your client a sense of agency.`,
          },
        ],
      },
      {
        title: "Monthly challenge: one card, three interpretations (closed)",
        author: "admin",
        isLocked: true,
        content: `Thank you to everyone who joined last month's challenge! We asked you to pull a single card and write three different interpretations for three imaginary clients: a student, a new parent and someone about to retire.

The responses were wonderfully creative and showed how much context shapes meaning. This thread is now closed, but please keep reading through the replies for inspiration. A new challenge will be posted at the start of next month.`,
        replies: [
          {
            author: "student",
            content: `This was such a helpful exercise. Writing the Eight of Pentacles for three very different people made me realise how much I'd been relying on one fixed meaning. For the student it was study habits, for the new parent it was learning a new role, and for the retiree it was a craft.`,
          },
        ],
      },
    ],
  },
  {
    name: "Building Your Practice",
    description:
      "Pricing, marketing, booking systems and all the practical questions of turning your skills into a sustainable, ethical practice.",
    permission: "base",
    color: "D97706",
    topics: [
      {
        title: "How did you decide on your first session price?",
        author: "student",
        content: `I'm about to start offering paid sessions and I'm completely stuck on pricing. Part of me wants to charge very little because I'm new, and part of me worries that will attract the wrong clients and leave me burnt out.

How did you set your first prices? Did you start low and raise them, or start at a rate you felt you could sustain?`,
        replies: [
          {
            author: "premium",
            content: `I started too low and regretted it. Raising prices later felt awkward with existing clients. Now I'd suggest working out your sustainable rate with the Session Rate Calculator, then offering a short introductory session at a lower price rather than discounting your main service.`,
          },
          {
            author: "student",
            content: `I told my first clients upfront that I was offering a "new practice" rate for the first three months, with the date it would end. That made the later increase feel honest and expected rather than awkward. Nobody complained, and most of those early clients are still with me.`,
          },
          {
            author: "admin",
            content: `Both excellent approaches. Whatever you choose, publish your prices clearly before booking and avoid urgency-based discounts. Transparency builds trust from the very first enquiry. The Pricing with Confidence lesson in Building a Thriving Advisory Practice walks through packages and sliding scales in more detail.`,
          },
        ],
      },
      {
        title: "Booking tools you'd recommend for a solo advisor?",
        author: "student",
        content: `Right now I'm managing bookings through messages and a paper diary, and it's getting messy. I'd love something that handles time zones, sends reminders and takes payment at booking.

What are people using? I'm especially interested in hearing what has been easy to set up and what has been worth the monthly cost.`,
        replies: [
          {
            author: "premium",
            content: `Most mainstream scheduling tools do everything you listed. My tips: choose one that lets you add buffer time between sessions and a required intake question, and test the booking flow on your phone as if you were a client. That's where most of my enquiries come from.`,
          },
        ],
      },
    ],
  },
  {
    name: "Premium Mastermind",
    description:
      "A focused space for premium members to discuss advanced practice, business growth, case reflection and peer supervision.",
    permission: "advanced",
    color: "7C3AED",
    topics: [
      {
        title: "Forming small peer supervision groups",
        author: "premium",
        content: `After the peer supervision section of Mindful Presence & Energy Practice, I'd love to start a small monthly group: four or five of us, ninety minutes on video, using the structure from the lesson (situation, difficulty, what I did, questions, then suggestions).

We'd agree ground rules on confidentiality and remove identifying details from all cases. Reply if you're interested, with your time zone, and I'll organise a first meeting.`,
        replies: [
          {
            author: "premium",
            content: `Very interested. I've been practising for six years and still value a second perspective on tricky situations, especially around clients who want more contact than feels healthy. Pacific time, but flexible for evenings. Happy to take a turn presenting a case at the first meeting.`,
          },
          {
            author: "premium",
            content: `Count me in. I'd suggest we also agree in advance how we'll handle anything that sounds like a safeguarding concern, so we're prepared if it comes up. Peer support is wonderful, but some situations need prompt professional guidance, and it helps to have that written into our ground rules.`,
          },
          {
            author: "admin",
            content: `Love this initiative. If the group would find it useful, we can share a short confidentiality agreement template in the Resources area for you to adapt. In the meantime, the Peer Supervision Case Review worksheet is a good way to prepare cases so every meeting stays focused and confidential.`,
          },
        ],
      },
      {
        title: "Gently ending a long-term client relationship",
        author: "premium",
        content: `I've worked with one client monthly for nearly three years. The sessions have become less about guidance and more about reassurance, and I think continuing isn't serving her growth anymore.

Has anyone navigated ending or pausing a long relationship like this? I want to do it warmly and without her feeling rejected.`,
        replies: [
          {
            author: "premium",
            content: `I framed it as a celebration: "You've grown so much in our time together, and I think you're ready to trust your own guidance more." I suggested a three-month pause, with an open door afterwards. She was moved rather than hurt.`,
          },
          {
            author: "admin",
            content: `A thoughtful question. It can also help to offer a final "integration" session reviewing her progress and the tools she now uses on her own. If anxiety seems to be driving the pattern, a gentle suggestion of counselling support can be a real gift.`,
          },
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------
// Knowledge base
// ---------------------------------------------------------------------------

export const seedArticles: SeedArticle[] = [
  {
    title: "Your First Week at the Academy",
    summary:
      "A simple plan for your first seven days: set up your profile, start a course, introduce yourself and find your way around.",
    category: "Getting Started",
    tags: ["onboarding", "first-steps", "courses"],
    isPublished: true,
    content: `Welcome to the Academy! Starting somewhere new can feel like a lot, so here is a gentle plan for your first week. There is no rush; go at whatever pace suits you.

**Day 1 – Settle in.** Complete your profile and choose a theme that feels calming to look at. Take a few minutes to browse the course catalogue and the Resources area so you know what is available.

**Day 2 – Start a course.** Most new members begin with *Foundations of Intuitive Reading*. Read the first lesson and try the personal signals exercise. Your progress is saved automatically, so you can stop and return whenever you like.

**Day 3 – Say hello.** Post a short introduction in the **Introductions & Welcome** forum. Mention what drew you to this work and what you hope to learn. Our community is friendly and many members remember how it felt to be new.

**Day 4 – Build a habit.** Choose a regular time for study, even fifteen minutes, and add it to your calendar.

**Day 5 – Explore the knowledge base.** Skim the Study Tips and Community articles. They answer many of the questions new members ask.

**Day 6 – Check the live calendar.** Our monthly live Q&A is a wonderful way to ask questions directly and meet other students.

**Day 7 – Reflect.** Note what you enjoyed and what felt challenging this week, and choose one small goal for next week.

If anything is unclear, the Technical Support articles are a good first stop, and our team is always happy to help.`,
  },
  {
    title: "Choosing the Right Course for You",
    summary:
      "How our courses are organised by level, and how to pick a learning path that fits your experience and goals.",
    category: "Getting Started",
    tags: ["courses", "learning-path"],
    isPublished: true,
    content: `The Academy's courses are organised into three levels. Each course page shows its level, an estimated duration and the lessons it contains, so you can see exactly what is involved before you begin.

**Beginner courses** assume no prior training. They introduce core skills and vocabulary: intuitive reading foundations, tarot symbolism and astrology basics. Even experienced readers often enjoy them as a refresher, because they focus on ethical, client-centred practice from the very first lesson.

**Intermediate courses** build professional skills for working with real clients, including ethical communication, boundaries, consent, session structure and record keeping. We recommend completing at least one Beginner course first.

**Advanced courses** are available to premium members. They focus on running a sustainable practice, deepening your personal practice and refining your accuracy through feedback and peer supervision.

Some suggested paths:

- **New to intuitive work:** Foundations of Intuitive Reading, then Tarot Symbolism Essentials or Astrology Basics for Advisors.
- **Reading for friends, ready for clients:** Ethical Client Communication & Boundaries, then Client Sessions & Record Keeping.
- **Already practising professionally:** Building a Thriving Advisory Practice and Mindful Presence & Energy Practice.

Durations are estimates based on a few hours of study per week. There are no deadlines, so take as long as you need. Completing every lesson in a course earns you a certificate of completion, which you can download from your dashboard. Please note that certificates recognise your study with us; they are not a government licence or regulated qualification.`,
  },
  {
    title: "Using the Templates, Worksheets and Calculators",
    summary:
      "What you will find in the Resources area and how to adapt each download to your own practice.",
    category: "Business Tools",
    tags: ["templates", "tools", "calculators"],
    isPublished: true,
    content: `The Resources area contains practical downloads to help you run your practice with less guesswork. They are organised into three groups.

**Tools** are worksheets you use during or around sessions, such as a session planning sheet or a self-care check-in. Print them or copy them into your own notes app.

**Templates** are ready-made documents you adapt and send to clients, such as an intake form or a session agreement. Replace everything in square brackets with your own details, and read the whole document carefully before using it.

**Calculators** are step-by-step sheets for working through numbers, such as your sustainable session rate or monthly capacity. They are plain text, so you can fill them in by hand or copy them into a spreadsheet.

A few tips for getting the most from them:

- **Make them yours.** Your voice, your policies and your boundaries should come through clearly. Clients can tell when a document has been copied without thought.
- **Check local rules.** Templates that touch on privacy, consent, payments or cancellations are general starting points. Requirements vary by country, so ask a qualified professional if you are unsure.
- **Review them yearly.** Set a reminder to update your documents as your practice evolves.

All members can access the core resources. A few in-depth resources are reserved for premium members and are marked as such. If a download does not open as expected, see the Technical Support section of the knowledge base.`,
  },
  {
    title: "Setting Up a Simple Booking Workflow",
    summary:
      "A step-by-step guide to a calm, professional booking process, from the first enquiry to the follow-up message.",
    category: "Business Tools",
    tags: ["booking", "admin", "client-journey"],
    isPublished: true,
    content: `A reliable booking workflow saves you time, prevents double bookings and gives clients confidence before you have even spoken. You do not need expensive software; you need a clear sequence that works the same way every time.

**1. A clear services page.** List each service with its length, format, price and a short description of who it suits. Include your cancellation policy and a link to your privacy notice.

**2. An online scheduler.** Choose a scheduling tool that shows your availability in the client's time zone, takes payment at booking and sends automatic reminders. Add buffer time between sessions so you have space for notes and a short reset.

**3. A confirmation message.** Send a warm confirmation that repeats the date and time, explains how to join, and links to a short intake form. Our **Client Intake Form** template is a good starting point.

**4. A reminder.** A reminder twenty-four hours before the session greatly reduces missed appointments.

**5. A follow-up.** Within a day, send a thank-you note with any promised summary, a reflection prompt and a gentle invitation to get in touch if questions come up.

Write your confirmation, reminder and follow-up messages once, save them as templates, and personalise a line or two each time. Review the whole workflow every few months by booking a test session yourself. You will often spot small improvements, such as a confusing link or a missing detail, that make a real difference to new clients.`,
  },
  {
    title: "How to Build a Steady Study Habit",
    summary:
      "Practical techniques for learning tarot, astrology and intuitive skills steadily, even with a busy schedule.",
    category: "Study Tips",
    tags: ["study", "journaling", "practice"],
    isPublished: true,
    content: `Intuitive and symbolic skills grow through regular, gentle practice far more than through occasional long study sessions. Here are techniques our students find most helpful.

**Short and often beats long and rare.** Fifteen focused minutes a day will take you further than a three-hour session once a month. Link study to an existing habit, such as your morning coffee, so it happens without needing willpower.

**Keep a practice journal.** Record your daily card pulls, chart observations or intuitive impressions, along with what happened later. Over weeks, patterns appear that no textbook can teach you.

**Learn actively.** After reading a lesson, close the page and explain the main idea aloud in your own words, as if to a friend. Gaps in your understanding show up immediately.

**Use spaced review.** Revisit key material after one day, one week and one month. A simple set of handwritten flashcards works well for card meanings or planetary themes.

**Practise with people.** Join a practice swap in the Reading Practice Circle. Reading for someone else, and hearing their feedback, builds confidence and reveals habits you might not notice alone.

**Rest counts too.** Intuition tends to be clearer when you are rested. If you feel saturated, take a few days off and return with fresh eyes.

Finally, be patient with yourself. Everyone has weeks where things click and weeks where nothing seems to make sense. Both are part of learning, and consistency over months is what truly builds skill.`,
  },
  {
    title: "Getting the Most from Practice Swaps and Forums",
    summary:
      "How to find practice partners, give helpful feedback and keep our community kind, safe and respectful.",
    category: "Community",
    tags: ["forum", "practice", "feedback"],
    isPublished: true,
    content: `Our community is one of the most valuable parts of the Academy. Practising with fellow students builds confidence, and reading other people's questions often answers ones you had not thought to ask.

**Finding a practice partner.** Visit the **Reading Practice Circle** and reply to the sign-up thread with your level, what you want to practise and your time zone. Then message someone whose reply fits.

**Agree the format first.** Before a swap, decide on the method (tarot, astrology, intuitive impressions), the length, whether it is live or written, and how you will give feedback.

**Give structured, kind feedback.** We suggest three parts:

1. One thing that worked well.
2. One thing that was unclear or could be phrased differently.
3. One suggestion to try next time.

Be specific. "Your explanation of the Tower felt reassuring because you named the fear first" is far more useful than "Great reading!"

**Protect privacy.** Practice readings can touch on real, personal topics. Treat everything shared in a swap as confidential, and never post details from someone else's reading in the forum without their permission.

**Keep it safe.** Avoid giving medical, legal or financial advice, even informally. If someone shares something that worries you, encourage them to seek appropriate professional support and let our team know.

**Report concerns.** If a post feels unkind, unsafe or promotional, use the report button. Moderators review every report, and you can always contact the team directly.`,
  },
  {
    title: "Free and Premium Membership Explained",
    summary:
      "What is included with each membership level and how premium access works across courses, forums, resources and live sessions.",
    category: "Membership",
    tags: ["premium", "membership", "courses"],
    isPublished: true,
    content: `The Academy offers two membership levels so you can learn at your own pace and upgrade when it makes sense for you.

**Basic membership** includes:

- All Beginner and Intermediate courses, with certificates of completion.
- The Introductions, Reading Practice Circle and Building Your Practice forums.
- The full knowledge base.
- Core tools, templates and calculators in the Resources area.
- Live sessions that are open to all members, including the monthly Q&A.

**Premium membership** adds:

- Advanced courses, including Building a Thriving Advisory Practice and Mindful Presence & Energy Practice.
- The **Premium Mastermind** forum for peer supervision and in-depth business discussion.
- Premium-only resources, marked clearly in the Resources area.
- Premium-only live sessions and workshops, when scheduled.

Your progress is always kept. If you upgrade, everything you have completed remains in place and the advanced material simply unlocks. If you later return to basic membership, your records and certificates stay with you, though premium courses and forums become unavailable until you upgrade again.

Not sure whether premium is right for you? Many members complete two or three Beginner and Intermediate courses first, then upgrade when they begin working with paying clients. There is no pressure either way; the basic membership is a complete learning path on its own.

For billing questions, see **Managing Your Subscription** in this section.`,
  },
  {
    title: "Managing Your Subscription",
    summary:
      "How to upgrade, check your billing status, update payment details or cancel your premium membership.",
    category: "Membership",
    tags: ["billing", "subscription", "premium"],
    isPublished: true,
    content: `You can manage your premium membership at any time from your account area. Payments are handled by our secure payment provider; the Academy never sees or stores your full card details.

**Upgrading.** Choose the upgrade option on the membership page and follow the secure checkout. Premium content unlocks as soon as the payment is confirmed, usually within a few seconds. If it has not appeared after a couple of minutes, refresh the page or sign out and back in.

**Checking your status.** Your account area shows your current plan, its status and your next renewal date.

**Updating payment details.** Use the billing management link in your account area to update your card. If a payment fails, your status may show as past due for a short period while the provider retries. Updating your card usually resolves this straight away.

**Cancelling.** You can cancel from the same billing page. Your premium access continues until the end of the period you have already paid for, and then your account returns to basic membership. Your course progress, certificates and forum posts are kept.

**Coming back.** You are welcome to upgrade again at any time, and your previous progress will still be there.

If something looks wrong, such as a charge you do not recognise or a status that does not match what you expect, please contact our team with the date and amount. We never ask for your password or full card number by email, so please do not send them.`,
  },
  {
    title: "Troubleshooting Live Sessions, Video and Audio",
    summary:
      "Quick fixes for the most common problems when joining live sessions or playing lesson videos.",
    category: "Technical Support",
    tags: ["live-sessions", "video", "troubleshooting"],
    isPublished: true,
    content: `Most technical problems have simple fixes. Work through these steps before contacting support; they solve the vast majority of issues.

**Lesson videos will not play**

- Refresh the page and make sure you are still signed in.
- Check whether other video sites work on your connection. Some workplace or school networks block video.
- Try a different browser, or disable extensions such as ad blockers for the Academy site.
- On mobile, check that low-data or battery-saver modes are not preventing playback.

**Joining a live session**

- Live sessions appear in your calendar with the date and time shown in your local time zone. The join option becomes available shortly before the start.
- Premium-only sessions require an active premium membership. If yours has just started, sign out and back in to refresh your access.
- Sessions have a participant limit. Joining a few minutes early helps secure your place.

**Microphone or camera problems**

- Allow camera and microphone access when your browser asks. If you previously declined, you can change this in the browser's site settings.
- Close other apps that might be using the camera, such as video-calling software.
- Use headphones to avoid echo.

**Still stuck?**

Contact our team with your device, browser and a short description of what you see. A screenshot of any error message is very helpful. Please never include your password in a support request.`,
  },
  {
    title: "Combining Tarot and Astrology in Your Studies",
    summary:
      "Ideas for studying tarot and astrology side by side, and how their shared symbolism can deepen your understanding of both.",
    category: "Study Tips",
    tags: ["tarot", "astrology", "study"],
    isPublished: false,
    content: `Many advisors eventually work with more than one symbolic system. Tarot and astrology share a long history of cross-references, and studying them together can make each feel richer, as long as you avoid overloading yourself early on.

**Start with the elements.** Both systems use fire, earth, air and water. Compare the Wands suit with the fire signs, or the Cups suit with the water signs. Noticing these overlaps helps you remember both sets of meanings.

**Explore the traditional correspondences.** Many decks link Major Arcana cards to planets and signs, for example The Empress with Venus or The Emperor with Aries. Treat these as one tradition among several rather than fixed rules, and notice which ones feel meaningful to you.

**Study by season.** When the Sun moves into a new sign, spend that month reflecting on the corresponding cards and themes. It creates a natural rhythm for learning throughout the year.

**Keep your readings clear.** In client sessions, combining systems can confuse rather than clarify. Most of the time, one primary method with the other used as occasional support works best.

**Go slowly.** If you are still building confidence in one system, give yourself time before adding another. Depth usually serves clients better than breadth.

*Draft note: add suggested exercises and a short comparison table before publishing.*`,
  },
];

// ---------------------------------------------------------------------------
// Tools, templates and calculators (downloadable plain-text files)
// ---------------------------------------------------------------------------

export const seedTemplates: SeedTemplate[] = [
  {
    title: "Session Planning Sheet",
    description:
      "A one-page worksheet to prepare for a client session, keep it on track and capture key points for your notes.",
    category: "tools",
    fileName: "session-planning-sheet.txt",
    isPremiumOnly: false,
    body: `SESSION PLANNING SHEET
======================

Client reference (initials or code, not full name): __________
Date: __________   Time: __________   Time zone: __________
Format:  [ ] In person   [ ] Video   [ ] Phone   [ ] Written
Length booked: ______ minutes

BEFORE THE SESSION
[ ] Intake form read
[ ] Notes from previous sessions reviewed (if returning client)
[ ] Space prepared, phone silenced, water ready
[ ] Grounding routine done (arrive, breathe, scan, intention, space)

Client's question in their own words:
______________________________________________________________

Open version of the question (if reframing helps):
______________________________________________________________

Planned method / spread:
______________________________________________________________

OPENING (about 5 minutes)
[ ] Welcome and check they are in a private, comfortable space
[ ] Confirm length, confidentiality and that questions are welcome
[ ] Agree the focus and the approach

MIDDLE (main part of the session)
Key impressions / cards / chart factors:
1. ____________________________________________________________
2. ____________________________________________________________
3. ____________________________________________________________
Halfway check-in done?  [ ] Yes

CLOSING (last 5-10 minutes)
Main themes summarised:
______________________________________________________________
Client's own takeaway:
______________________________________________________________
One small next step the client named:
______________________________________________________________

AFTER THE SESSION
[ ] Brief factual notes written
[ ] Any referral suggested recorded (type of support, date)
[ ] Follow-up message sent
[ ] Closing ritual / reset done
`,
  },
  {
    title: "Peer Supervision Case Review",
    description:
      "A structured worksheet for presenting a challenging session to a peer group or mentor while protecting client confidentiality.",
    category: "tools",
    fileName: "peer-supervision-case-review.txt",
    isPremiumOnly: true,
    body: `PEER SUPERVISION CASE REVIEW
============================

Confidentiality check (complete before sharing):
[ ] Client name and identifying details removed
[ ] Location, workplace and family details changed or omitted
[ ] Only information needed for the discussion included

Presenter: __________   Group / mentor: __________   Date: __________

1. SITUATION (2-3 sentences)
What was the session about, and what is the relevant context?
______________________________________________________________
______________________________________________________________

2. WHAT I FOUND DIFFICULT
Name the specific moment or pattern that challenged you.
______________________________________________________________
______________________________________________________________

3. WHAT I DID
How did you respond at the time? What did you say?
______________________________________________________________
______________________________________________________________

4. WHAT I NOTICED IN MYSELF
Body sensations, emotions, assumptions or old patterns.
______________________________________________________________

5. ETHICAL QUESTIONS (tick any that apply)
[ ] Scope of practice / possible referral
[ ] Consent or third-party concerns
[ ] Boundaries (time, contact, money)
[ ] Client dependency
[ ] Safety or safeguarding concern
[ ] Other: ____________________________________________

6. QUESTIONS FROM THE GROUP
(Clarifying questions only. Suggestions come next.)
______________________________________________________________

7. SUGGESTIONS AND PERSPECTIVES
______________________________________________________________
______________________________________________________________

8. MY NEXT STEP
What will I do, try or change as a result of this discussion?
______________________________________________________________

Reminder: if a case involves a risk of harm, seek guidance from an
appropriate professional or service promptly, not only from peers.
`,
  },
  {
    title: "Client Intake Form",
    description:
      "A friendly, privacy-conscious intake form to send with booking confirmations. Adapt the wording and policies to your own practice.",
    category: "templates",
    fileName: "client-intake-form.txt",
    isPremiumOnly: false,
    body: `CLIENT INTAKE FORM
[Your practice name]  |  [Your contact email]

Thank you for booking a session. This short form helps me prepare so
we can make the most of our time together. Please share only what you
feel comfortable sharing.

ABOUT YOU
Name you would like me to use: ___________________________________
Email: __________________________________________________________
Time zone: ______________________________________________________
I confirm I am 18 or older:  [ ] Yes

YOUR SESSION
Session type booked: ____________________________________________
What would you most like to explore?
________________________________________________________________
________________________________________________________________
Is there anything you would prefer we do NOT focus on?
________________________________________________________________

FOR ASTROLOGY SESSIONS ONLY (optional)
Date of birth: ______________  Time of birth (if known): __________
Place of birth (town and country): _______________________________

PLEASE READ
- Sessions are offered for reflection, insight and personal guidance.
  They are not a substitute for medical, psychological, legal or
  financial advice. Please consult a qualified professional for those.
- You are always welcome to ask questions, pause, or change the focus.
- Cancellation policy: [e.g. 24 hours' notice for a full refund or
  free rescheduling].

PRIVACY
I keep brief session notes and this form to support our work together.
They are stored securely, never shared, and deleted [e.g. two years]
after our last session. You can ask to see or delete them at any time.

[ ] I have read and understood the information above.

Signature or typed name: ___________________  Date: ______________
`,
  },
  {
    title: "Client Record Retention Schedule",
    description:
      "A ready-to-adapt schedule for how long you keep each type of client record and how you delete it securely.",
    category: "templates",
    fileName: "client-record-retention-schedule.txt",
    isPremiumOnly: false,
    body: `CLIENT RECORD RETENTION SCHEDULE
[Your practice name]   Last reviewed: [date]

Purpose: to keep only the client information I genuinely need, for no
longer than necessary, and to delete it securely. Retention periods
below are examples. Check the rules that apply in your country and
adjust them, taking qualified advice if you are unsure.

RECORD TYPE              WHERE STORED           KEEP FOR             HOW DELETED
-----------------------  ---------------------  -------------------  ------------------------
Intake forms             [secure folder/app]    [2 years] after      Permanent delete + empty
                                                last session         trash / shred paper
Session notes            [secure folder/app]    [2 years] after      Permanent delete + empty
                                                last session         trash / shred paper
Birth data (astrology)   with session notes     same as notes        same as notes
Session recordings       [storage location]     [30 days] after      Permanent delete
                                                sending to client
Messages and emails      [business email]       [1 year]             Delete and empty trash
Payment records          [accounting tool]      as tax rules require Per accountant's advice
Testimonial permissions  [permissions file]     while in use + 1 yr  Permanent delete

REVIEW ROUTINE
[ ] Every [3 months]: review records and delete anything past its date
[ ] Every [12 months]: review this schedule and update it if needed
[ ] Log each review below

CLIENT REQUESTS
When a client asks to see, correct or delete their information:
1. Confirm their identity.
2. Respond within [e.g. 30 days] or sooner.
3. Note the request and the action taken (no other detail).

REVIEW LOG
Date          Reviewed by        Records deleted (count only)
-----------   ----------------   ----------------------------
__________    ______________     ______
__________    ______________     ______
`,
  },
  {
    title: "Session Rate Calculator",
    description:
      "A step-by-step worksheet to work out a sustainable session fee based on your income needs, costs and realistic capacity.",
    category: "calculators",
    fileName: "session-rate-calculator.txt",
    isPremiumOnly: false,
    body: `SESSION RATE CALCULATOR
=======================
Use one currency throughout. Round to whole numbers.

STEP 1 - INCOME NEED
A. Income you need from your practice per year (before tax): ________

STEP 2 - YEARLY BUSINESS COSTS
   Booking / scheduling software ............................ ________
   Website and domain ....................................... ________
   Payment processing fees (estimate) ....................... ________
   Insurance ................................................ ________
   Training, supervision and mentoring ...................... ________
   Decks, books, chart software and supplies ................ ________
   Marketing ................................................ ________
   Accountant / professional advice ......................... ________
   Other .................................................... ________
B. Total yearly costs (add the lines above): ____________________

STEP 3 - TAX ALLOWANCE
C. Estimated tax and contributions on (A + B). Ask an accountant
   for a realistic percentage in your country: ________

STEP 4 - REALISTIC CAPACITY
   Working weeks per year (minus holidays, rest, illness): ____
   Paid sessions per week you can sustain well: ____
D. Paid sessions per year (weeks x sessions): ____

STEP 5 - BREAK-EVEN RATE
E. (A + B + C) divided by D = ________ per session

STEP 6 - SENSE CHECK
   Typical rates for similar experience in your market: ____ to ____
   Is E within, above or below this range? ______________________
   If far above: review costs and capacity before lowering price.
   If below: consider whether you are undercharging.

STEP 7 - YOUR PRICES
   Core session (____ min): ________
   Introductory session (____ min): ________
   Package of ____ sessions: ________

Revisit this sheet every year, or whenever costs change.
`,
  },
  {
    title: "Annual Practice Planner",
    description:
      "Plan a sustainable year: monthly capacity, income targets, rest periods and a simple quarterly review.",
    category: "calculators",
    fileName: "annual-practice-planner.txt",
    isPremiumOnly: true,
    body: `ANNUAL PRACTICE PLANNER
=======================
Year: ______      Core session fee: ______      Currency: ______

1. CAPACITY AND REST
Maximum paid sessions per week (your sustainable limit): ______
Planned breaks (dates):  1. __________  2. __________  3. __________

2. MONTHLY PLAN
Month   Weeks working   Sessions/week   Planned sessions   Est. income
-----   -------------   -------------   ----------------   -----------
Jan     ____            ____            ____               ________
Feb     ____            ____            ____               ________
Mar     ____            ____            ____               ________
Apr     ____            ____            ____               ________
May     ____            ____            ____               ________
Jun     ____            ____            ____               ________
Jul     ____            ____            ____               ________
Aug     ____            ____            ____               ________
Sep     ____            ____            ____               ________
Oct     ____            ____            ____               ________
Nov     ____            ____            ____               ________
Dec     ____            ____            ____               ________
TOTAL                                   ____               ________

Planned sessions = weeks working x sessions per week.
Est. income = planned sessions x core session fee.

3. COMPARE WITH YOUR TARGET
Yearly target from the Session Rate Calculator (A + B + C): ________
Difference (total est. income minus target): ________
If the difference is negative, adjust fees, offers or costs, not
your rest periods.

4. QUARTERLY REVIEW
Q1 / Q2 / Q3 / Q4  (circle)
Actual sessions this quarter: ______   Planned: ______
Energy level (1-10): ____   Enjoyment of the work (1-10): ____
What is working well? __________________________________________
What needs to change? __________________________________________

Figures are planning estimates only, not financial advice.
`,
  },
];

// ---------------------------------------------------------------------------
// Live session
// ---------------------------------------------------------------------------

export const seedConference: SeedConference = {
  title: "Monthly Live Q&A: Ask the Academy",
  description:
    "Our monthly open session for Premium members. Bring your questions about readings, ethics, client sessions or building your practice, and hear what fellow students are working on. Questions can be submitted in advance or asked live. The session is recorded for members who cannot attend.",
  daysFromNow: 5,
  hour: 18,
  duration: 60,
  maxParticipants: 100,
  // The monthly live Q&A is a Premium benefit (learner spec, section 1).
  isPremiumOnly: true,
};
