"""A comissão de heteroidentificação pela regra da lei: a composição, a decisão sobre um
candidato e o recurso.

A aplicação registra os fatos (os integrantes com gênero e cor, o comparecimento, as recusas, a
presença e o voto de cada integrante, quem recorre e quando) e o motor aplica a regra da lei; a
regra e os seus artigos vêm dos parâmetros `heteroidentificacao.*` da lei (`RegraComissao`;
docs/INTERPRETACAO.md#comissao).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction

from cotas.motor.erros import ComissaoInvalida
from cotas.motor.razoes import Referencia
from cotas.motor.regras import RegraComissao

# Os resultados possíveis (os mesmos códigos que a aplicação grava).
CONFIRMADO = "confirmado"
NAO_CONFIRMADO = "nao_confirmado"
AUSENTE = "ausente"
RECUSOU_FILMAGEM = "recusou_filmagem"
RECUSOU_PERGUNTAS = "recusou_perguntas"

# Sobre quem se conta a regra (`decisao_base`), como a frase a escreve.
_BASES = {
    "membros": ("dos membros da comissão", "membros"),
    "presentes": ("dos membros presentes", "membros presentes"),
    "votos": ("dos votos dados", "votos dados"),
}
_CRITERIOS = {"genero": "gênero", "cor": "cor"}


@dataclass(frozen=True)
class DecisaoComissao:
    """O resultado da verificação, a razão em palavras e o dispositivo da lei que a funda."""

    resultado: str
    razao: str
    fundamentos: tuple[Referencia, ...]

    @property
    def reconhecido(self) -> bool:
        return self.resultado == CONFIRMADO


@dataclass(frozen=True)
class Integrante:
    """Um integrante da comissão como a aplicação o registra (gênero e cor declarados)."""

    nome: str
    genero: str
    cor_raca: str


def _citar(refs: Sequence[Referencia]) -> str:
    return f" ({'; '.join(r.citacao() for r in refs)})" if refs else ""


def regra_em_palavras(regra: RegraComissao) -> str:
    """A regra de reconhecimento da lei, para a frase: "pela maioria dos membros da comissão"."""
    base = _BASES[regra.decisao_base][0]
    if regra.decisao == "unanimidade":
        return f"pela unanimidade {base}"
    if regra.decisao == "fracao":
        assert regra.decisao_percentual is not None
        return f"por pelo menos {por_cento(regra.decisao_percentual)}% {base}"
    return f"pela maioria {base}"


def fundamentos_da_decisao(regra: RegraComissao) -> tuple[Referencia, ...]:
    return regra.refs("decisao", "decisao_percentual", "decisao_base")


def por_cento(valor: Fraction) -> str:
    """O percentual como a frase o escreve: 75, 66,67."""
    if valor.denominator == 1:
        return str(valor.numerator)
    return f"{float(valor):.2f}".rstrip("0").replace(".", ",")


def _reconhece(regra: RegraComissao, sim: int, total: int) -> bool:
    if regra.decisao == "unanimidade":
        return total > 0 and sim == total
    if regra.decisao == "fracao":
        assert regra.decisao_percentual is not None
        return sim * 100 >= regra.decisao_percentual * total
    return sim * 2 > total


def _total(regra: RegraComissao, votos: Sequence[bool | None]) -> int:
    if regra.decisao_base == "membros":
        return regra.membros
    if regra.decisao_base == "presentes":
        return len(votos)
    return sum(1 for v in votos if v is not None)


def decidir_verificacao(
    regra: RegraComissao,
    *,
    compareceu: bool,
    recusou_filmagem: bool,
    recusou_perguntas: bool,
    votos: Sequence[bool | None],
) -> DecisaoComissao:
    """Quem falta ou se recusa não é analisado (`nao_reconhecido`, `recusa_filmagem`); quem é
    analisado é reconhecido pela regra da lei (`decisao`, `decisao_percentual`, `decisao_base`).

    `votos`: o voto de cada integrante presente (None: presente e absteve-se); os ausentes não
    entram. `ComissaoInvalida` (com o artigo) para fatos que a lei não admite."""
    if recusou_filmagem and not regra.registro_audiovisual:
        raise ComissaoInvalida(
            "Recusa da filmagem registrada, mas a lei do certame não prevê filmagem"
            f"{_citar(regra.ref('registro_audiovisual'))}."
        )
    if len(votos) > regra.membros:
        raise ComissaoInvalida(
            f"{len(votos)} integrantes votaram, mas a comissão tem {regra.membros}"
            f"{_citar(regra.ref('membros'))}."
        )
    if not compareceu:
        return _fora(regra, AUSENTE, "Não compareceu")
    if recusou_filmagem:
        return _fora(regra, RECUSOU_FILMAGEM, "Recusou a filmagem")
    if recusou_perguntas:
        return _fora(regra, RECUSOU_PERGUNTAS, "Não respondeu às perguntas")
    total = _total(regra, votos)
    if total == 0:
        raise ComissaoInvalida(
            f"Nenhum voto a contar: a lei conta {_BASES[regra.decisao_base][1]}"
            f"{_citar(fundamentos_da_decisao(regra))}."
        )
    sim = sum(1 for v in votos if v is True)
    placar = f"{sim} de {total} {_BASES[regra.decisao_base][1]} pelo reconhecimento"
    if _reconhece(regra, sim, total):
        return DecisaoComissao(
            CONFIRMADO,
            f"Reconhecido {regra_em_palavras(regra)} ({placar}).",
            fundamentos_da_decisao(regra),
        )
    return DecisaoComissao(
        NAO_CONFIRMADO,
        f"Não reconhecido {regra_em_palavras(regra)} ({placar}): {regra.destino(NAO_CONFIRMADO)}.",
        fundamentos_da_decisao(regra) + regra.ref("nao_reconhecido"),
    )


def _fora(regra: RegraComissao, resultado: str, fato: str) -> DecisaoComissao:
    return DecisaoComissao(
        resultado,
        f"{fato}: {regra.destino(resultado)}.",
        regra.ref(regra.chave_do_destino(resultado)),
    )


def problemas_da_composicao(
    regra: RegraComissao, integrantes: Sequence[Integrante], *, completa: bool = True
) -> list[str]:
    """O que a comissão fere na composição da lei, cada problema com o seu artigo (vazio se
    está conforme). `completa=False`: a comissão ainda recebe integrantes, e só se aponta o que
    nenhum integrante a mais corrige."""
    problemas: list[str] = []
    n = len(integrantes)
    faltam = regra.membros - n
    if faltam < 0 or (completa and faltam):
        problemas.append(
            f"A comissão tem {n} integrantes; a lei manda {regra.membros}"
            f"{_citar(regra.ref('membros'))}."
        )
    if regra.composicao_minimo is not None:
        cores = set(regra.composicao_minimo_cores)
        do_grupo = sum(1 for i in integrantes if _cor(i) in cores)
        exigidos = _minimo_de_integrantes(regra.composicao_minimo, regra.membros)
        if do_grupo + max(faltam, 0) * (not completa) < exigidos:
            problemas.append(
                f"A comissão precisa de pelo menos {exigidos} de {regra.membros} integrantes "
                f"({por_cento(regra.composicao_minimo)}%) de cor {' ou '.join(sorted(cores))}; tem "
                f"{do_grupo}{_citar(regra.ref('composicao_minimo'))}."
            )
    if completa or faltam <= 0:
        for criterio in regra.composicao_distribuida:
            if n > 1 and len({_valor(i, criterio) for i in integrantes}) < 2:
                problemas.append(
                    f"A comissão não está distribuída por {_CRITERIOS[criterio]}: todos os "
                    "integrantes têm o mesmo"
                    f"{_citar(regra.ref('composicao_distribuida'))}."
                )
    return problemas


def conferir_composicao(
    regra: RegraComissao, integrantes: Sequence[Integrante], *, completa: bool = True
) -> None:
    """`ComissaoInvalida` com todos os problemas da composição de uma vez."""
    problemas = problemas_da_composicao(regra, integrantes, completa=completa)
    if problemas:
        raise ComissaoInvalida(" ".join(problemas))


def _minimo_de_integrantes(percentual: Fraction, membros: int) -> int:
    """Quantos integrantes são "no mínimo X%" de `membros` (para cima: 50% de 5 são 3)."""
    exato = percentual * membros / 100
    return -(-exato.numerator // exato.denominator)


def _cor(i: Integrante) -> str:
    return i.cor_raca.strip().lower()


def _valor(i: Integrante, criterio: str) -> str:
    return _cor(i) if criterio == "cor" else i.genero.strip().lower()


def conferir_recurso(
    regra: RegraComissao, *, recorrente: str, interposto_em: date, sessao: date | None
) -> None:
    """`ComissaoInvalida` (com o artigo) para o recurso de quem a lei não admite ou fora do
    prazo da lei (dias corridos do dia seguinte ao da sessão; docs/INTERPRETACAO.md#comissao).
    Sem a data da sessão (parecer trazido de fora), o prazo não se confere."""
    problemas = []
    if recorrente not in regra.recorrentes:
        quem = " e ".join(_RECORRENTES[r] for r in regra.recorrentes)
        problemas.append(
            f"Recurso não admitido: pela lei, recorre só {quem}{_citar(regra.ref('recorrentes'))}."
        )
    limite = prazo_do_recurso(regra, sessao) if sessao is not None else None
    if sessao is not None and limite is not None and interposto_em > limite:
        problemas.append(
            f"Recurso fora do prazo de {regra.recurso_prazo_dias} dias: a sessão foi em "
            f"{sessao:%d/%m/%Y} e o prazo terminou em {limite:%d/%m/%Y}"
            f"{_citar(regra.ref('recurso_prazo_dias'))}."
        )
    if problemas:
        raise ComissaoInvalida(" ".join(problemas))


def prazo_do_recurso(regra: RegraComissao, sessao: date) -> date | None:
    """O último dia do recurso, ou None se a lei não fixa prazo."""
    if regra.recurso_prazo_dias is None:
        return None
    return sessao + timedelta(days=regra.recurso_prazo_dias)


_RECORRENTES = {"candidato": "o próprio candidato", "terceiro": "outro candidato"}
