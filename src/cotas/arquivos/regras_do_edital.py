"""Leitura das regras do edital (docs/EDITAIS.md#regras-do-edital): `[ordem]` (a tabela de
posições ou uma a cada N vagas), `[[reservas_conjuntas]]`, `[[destinos]]`, `[[sorteios]]` e
`[reserva_pcd_no_total]` (a leitura desta em `cotas.arquivos.pcd_no_total`).

Cada erro com a linha e a coluna; o que se confere aqui é a forma e o que o arquivo e a lei
bastam para conferir (os grupos da lei, as posições da tabela); o que depende do certame (a
reserva PcD, os cargos, a conta da lei em cada total oferecido) se confere ao apurá-lo
(`cotas.motor.regras_do_edital.aplicar`, `cotas.motor.ordem`, `cotas.motor.sorteio`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, TypeVar

from cotas.arquivos.pcd_no_total import SECAO as SECAO_PCD_NO_TOTAL
from cotas.arquivos.pcd_no_total import ler_pcd_no_total
from cotas.motor.glossario import AMPLA, PCD
from cotas.motor.razoes import Referencia
from cotas.motor.regras_do_edital import (
    A_CADA,
    REGRAS_DA_ORDEM,
    TABELA,
    DestinosDoEdital,
    OrdemDoEdital,
    RegrasDoEdital,
    ReservaConjunta,
    Sorteio,
)

if TYPE_CHECKING:
    from cotas.arquivos.edital import _Arquivo

SECOES = ("ordem", "reservas_conjuntas", "destinos", "sorteios", SECAO_PCD_NO_TOTAL)
# As que um modelo de edital também traz (o edital que o segue as herda): não as que nomeiam os
# cargos do edital, o sorteio entre eles e o quadro da reserva PcD no total, só do edital.
SECOES_DO_MODELO = ("ordem", "reservas_conjuntas", "destinos")
CHAVES_ORDEM = ("regra", "item", "texto", "ate", "posicoes", "a_cada", "lista")
CHAVES_CONJUNTA = ("nome", "rotulo", "grupos", "divisao", "destinos", "item", "texto")
CHAVES_DESTINOS = ("lista", "ordem", "item", "texto")
CHAVES_SORTEIO = ("data", "semente", "posicao", "cargos", "sorteadas", "item", "texto")
_RE_NOME = re.compile(r"^[a-z][a-z0-9_]*$")
_T = TypeVar("_T")


def ler_regras(
    arquivo: _Arquivo,
    norma: str,
    grupos_da_lei: Sequence[str],
    herdadas: RegrasDoEdital | None = None,
) -> RegrasDoEdital:
    """As regras do edital no arquivo (`norma`: "Edital nº 93/2026", para as citações;
    `grupos_da_lei`: os grupos da lei que o edital aplica). `herdadas`: as do modelo que o
    edital segue; o edital as herda e substitui o que diz de novo: a `[ordem]` inteira, a
    conjunta de mesmo `nome`, os destinos da mesma `lista`."""
    leitor = _Leitor(arquivo, norma)
    proprias = tuple(
        c
        for i, bruto in enumerate(leitor.blocos("reservas_conjuntas"), start=1)
        if (c := leitor.conjunta(bruto, f"reservas_conjuntas[{i}]", grupos_da_lei)) is not None
    )
    conjuntas = _herdando(herdadas.conjuntas if herdadas else (), proprias, lambda c: c.nome)
    nomes = {*grupos_da_lei, PCD, *(c.nome for c in conjuntas)}
    juntos = {g for c in conjuntas for g in c.grupos}
    for c in conjuntas:
        for outra in conjuntas:
            if outra is not c and set(c.grupos) & set(outra.grupos) and c.nome < outra.nome:
                arquivo.erro(
                    "reservas_conjuntas",
                    f"'{c.nome}' e '{outra.nome}' juntam o mesmo grupo; cada grupo, numa "
                    "conjunta só",
                )
    # As listas que a ordem e o sorteio contam: a conjunta, no lugar dos grupos dela.
    do_plano = nomes - juntos
    destinos = _herdando(
        herdadas.destinos if herdadas else (),
        tuple(
            d
            for i, bruto in enumerate(leitor.blocos("destinos"), start=1)
            if (d := leitor.destinos(bruto, f"destinos[{i}]", nomes)) is not None
        ),
        lambda d: d.lista,
    )
    sorteios = tuple(
        s
        for i, bruto in enumerate(leitor.blocos("sorteios"), start=1)
        if (s := leitor.sorteio(bruto, f"sorteios[{i}]", i, do_plano)) is not None
    )
    ordem = leitor.ordem(do_plano)
    if ordem is None and "ordem" not in arquivo.dados and herdadas is not None:
        ordem = herdadas.ordem
    pcd_no_total = ler_pcd_no_total(arquivo, norma)
    return RegrasDoEdital(norma, ordem, conjuntas, destinos, sorteios, pcd_no_total)


def _herdando(
    herdados: Sequence[_T], proprios: Sequence[_T], chave: Callable[[_T], str]
) -> tuple[_T, ...]:
    """Os blocos do modelo, cada um no lugar do de mesma chave que o edital diz de novo, e
    depois os novos do edital."""
    novos = {chave(p): p for p in proprios}
    do_modelo = [novos.pop(chave(h), h) for h in herdados]
    return (*do_modelo, *(p for p in proprios if chave(p) in novos))


class _Leitor:
    def __init__(self, arquivo: _Arquivo, norma: str) -> None:
        self.arquivo = arquivo
        self.norma = norma

    def erro(self, chave: str, mensagem: str) -> None:
        self.arquivo.erro(chave, mensagem)

    def blocos(self, secao: str) -> list[Mapping[str, object]]:
        brutos = self.arquivo.dados.get(secao, [])
        if not isinstance(brutos, list) or not all(isinstance(b, dict) for b in brutos):
            self.erro(secao, f"deve ser uma lista de blocos [[{secao}]]")
            return []
        return brutos

    # -- as peças ------------------------------------------------------------------------------
    def _desconhecidas(
        self, tabela: Mapping[str, object], base: str, aceitas: Sequence[str]
    ) -> None:
        for chave in tabela:
            if chave not in aceitas:
                self.erro(
                    f"{base}.{chave}",
                    f"chave desconhecida '{chave}' (as chaves aceitas aqui são "
                    f"{', '.join(aceitas)})",
                )

    def _texto(self, tabela: Mapping[str, object], base: str, chave: str) -> str | None:
        valor = tabela.get(chave)
        if not isinstance(valor, str) or not valor.strip():
            falta = (
                "falta esta chave obrigatória (um texto)"
                if valor is None
                else ("deve ser um texto entre aspas, não vazio")
            )
            self.erro(f"{base}.{chave}", falta)
            return None
        return " ".join(valor.split())

    def _referencia(self, tabela: Mapping[str, object], base: str) -> Referencia | None:
        item = self._texto(tabela, base, "item")
        texto = self._texto(tabela, base, "texto")
        return None if item is None or texto is None else Referencia(self.norma, item, texto)

    def _inteiro(
        self, tabela: Mapping[str, object], base: str, chave: str, *, obrigatoria: bool = True
    ) -> int | None:
        valor = tabela.get(chave)
        if valor is None and not obrigatoria:
            return None
        if isinstance(valor, bool) or not isinstance(valor, int) or valor < 1:
            falta = "falta esta chave obrigatória" if valor is None else "deve ser"
            self.erro(f"{base}.{chave}", f"{falta} um número inteiro positivo, sem aspas")
            return None
        return valor

    def _nomes(
        self, tabela: Mapping[str, object], base: str, chave: str, aceitos: set[str], o_que: str
    ) -> tuple[str, ...] | None:
        valor = tabela.get(chave)
        if not isinstance(valor, list) or not valor or not all(isinstance(v, str) for v in valor):
            self.erro(f"{base}.{chave}", f'deve ser uma lista de nomes, ex.: ["{o_que}"]')
            return None
        ruins = [v for v in valor if v not in aceitos]
        if ruins:
            self.erro(
                f"{base}.{chave}",
                f"{', '.join(repr(r) for r in ruins)} não é {o_que} deste edital (são: "
                f"{', '.join(sorted(aceitos))})",
            )
            return None
        if len(set(valor)) != len(valor):
            self.erro(f"{base}.{chave}", "um nome repetido na lista")
            return None
        return tuple(valor)

    # -- cada seção ------------------------------------------------------------------------------
    def ordem(self, listas: set[str]) -> OrdemDoEdital | None:
        tabela = self.arquivo.dados.get("ordem")
        if tabela is None:
            return None
        if not isinstance(tabela, dict):
            self.erro("ordem", "deve ser a tabela [ordem]")
            return None
        self._desconhecidas(tabela, "ordem", CHAVES_ORDEM)
        regra = tabela.get("regra")
        referencia = self._referencia(tabela, "ordem")
        if regra not in REGRAS_DA_ORDEM:
            self.erro(
                "ordem.regra",
                f'deve ser "{TABELA}" (a tabela de posições que o edital publica) ou "{A_CADA}" '
                "(uma vaga a cada N)",
            )
            return None
        if regra == TABELA:
            return self._tabela(tabela, listas, referencia)
        return self._a_cada(tabela, listas, referencia)

    def _tabela(
        self, tabela: Mapping[str, object], listas: set[str], referencia: Referencia | None
    ) -> OrdemDoEdital | None:
        for chave in ("a_cada", "lista"):
            if chave in tabela:
                self.erro(f"ordem.{chave}", f'"{chave}" é da regra "{A_CADA}", não da tabela')
        ate = self._inteiro(tabela, "ordem", "ate")
        bruto = tabela.get("posicoes")
        if not isinstance(bruto, dict) or not bruto:
            self.erro(
                "ordem.posicoes", "escreva como { negros = [3, 8, 13] }: as posições de cada lista"
            )
            return None
        posicoes: dict[int, str] = {}
        for lista, valor in bruto.items():
            if lista not in listas:
                self.erro(
                    "ordem.posicoes",
                    f"'{lista}' não é uma lista reservada deste edital (são: "
                    f"{', '.join(sorted(listas))})",
                )
                continue
            if not isinstance(valor, list) or not all(
                isinstance(p, int) and not isinstance(p, bool) and p >= 1 for p in valor
            ):
                self.erro("ordem.posicoes", f"as posições de '{lista}': números inteiros positivos")
                continue
            for p in valor:
                if p in posicoes:
                    self.erro(
                        "ordem.posicoes",
                        f"a {p}ª posição está na tabela duas vezes ('{posicoes[p]}' e '{lista}')"
                        if posicoes[p] != lista
                        else f"a {p}ª posição está duas vezes nas posições de '{lista}'",
                    )
                elif ate is not None and p > ate:
                    self.erro(
                        "ordem.posicoes",
                        f"a {p}ª posição de '{lista}' passa do fim da tabela (ate = {ate})",
                    )
                else:
                    posicoes[p] = lista
        if referencia is None or ate is None:
            return None
        return OrdemDoEdital(TABELA, referencia, dict(sorted(posicoes.items())), ate=ate)

    def _a_cada(
        self, tabela: Mapping[str, object], listas: set[str], referencia: Referencia | None
    ) -> OrdemDoEdital | None:
        for chave in ("ate", "posicoes"):
            if chave in tabela:
                self.erro(f"ordem.{chave}", f'"{chave}" é da regra "{TABELA}", não de "{A_CADA}"')
        n = self._inteiro(tabela, "ordem", "a_cada")
        lista = tabela.get("lista")
        if not isinstance(lista, str) or lista not in listas:
            self.erro(
                "ordem.lista",
                "a lista que recebe uma vaga a cada N: uma de "
                f"{', '.join(sorted(listas))} (uma lista só; grupos juntos são uma "
                "[[reservas_conjuntas]])",
            )
            return None
        if n is None or referencia is None:
            return None
        return OrdemDoEdital(A_CADA, referencia, a_cada=n, lista=lista)

    def conjunta(
        self, bruto: Mapping[str, object], base: str, grupos_da_lei: Sequence[str]
    ) -> ReservaConjunta | None:
        self._desconhecidas(bruto, base, CHAVES_CONJUNTA)
        nome = self._texto(bruto, base, "nome")
        if nome is not None and (not _RE_NOME.match(nome) or nome in (*grupos_da_lei, PCD, AMPLA)):
            self.erro(
                f"{base}.nome",
                f"'{nome}' não serve de nome da lista conjunta: letras minúsculas, números e _, "
                f"diferente de {', '.join((*grupos_da_lei, PCD, AMPLA))}",
            )
            nome = None
        rotulo = self._texto(bruto, base, "rotulo")
        grupos = self._nomes(bruto, base, "grupos", set(grupos_da_lei), "um grupo da lei")
        divisao = bruto.get("divisao")
        if not isinstance(divisao, bool):
            self.erro(
                f"{base}.divisao",
                "true (cada vaga vai a um grupo pela conta da lei de cada um) ou false (uma "
                "lista só, sem divisão), sem aspas",
            )
        destinos: tuple[str, ...] = ()
        if divisao is False:
            bruto_destinos = bruto.get("destinos")
            if not isinstance(bruto_destinos, list) or not all(
                isinstance(d, str) for d in bruto_destinos
            ):
                self.erro(
                    f"{base}.destinos",
                    "sem divisão, diga para onde vai a vaga não preenchida, em ordem, até a "
                    'ampla concorrência: ex.: ["pcd", "ampla"] ou ["ampla"]',
                )
            else:
                destinos = tuple(bruto_destinos)
        elif divisao is True and "destinos" in bruto:
            self.erro(
                f"{base}.destinos",
                "com a divisão, a vaga não preenchida segue a reversão de cada grupo (o "
                "parâmetro <grupo>.reversao); os destinos da conjunta não se aplicam",
            )
        referencia = self._referencia(bruto, base)
        if None in (nome, rotulo, grupos, referencia) or not isinstance(divisao, bool):
            return None
        assert nome and rotulo and grupos and referencia
        if len(grupos) < 2:
            self.erro(f"{base}.grupos", "uma reserva conjunta junta ao menos dois grupos")
            return None
        return ReservaConjunta(nome, rotulo, grupos, divisao, referencia, destinos)

    def destinos(
        self, bruto: Mapping[str, object], base: str, nomes: set[str]
    ) -> DestinosDoEdital | None:
        self._desconhecidas(bruto, base, CHAVES_DESTINOS)
        lista = bruto.get("lista")
        if lista != PCD:
            self.erro(
                f"{base}.lista",
                f'só a vaga PcD não preenchida ("{PCD}", que a lei não regula) tem destinos '
                "aqui; a de um grupo da lei é o parâmetro <grupo>.reversao, a de uma conjunta, "
                "os destinos dela",
            )
        ordem = self._nomes(bruto, base, "ordem", (nomes - {PCD}) | {AMPLA}, "uma lista")
        if ordem is not None and ordem[-1] != AMPLA:
            self.erro(f"{base}.ordem", 'a ordem termina na ampla concorrência ("ampla")')
            ordem = None
        referencia = self._referencia(bruto, base)
        if lista != PCD or ordem is None or referencia is None:
            return None
        return DestinosDoEdital(PCD, ordem, referencia)

    def sorteio(
        self, bruto: Mapping[str, object], base: str, numero: int, listas: set[str]
    ) -> Sorteio | None:
        self._desconhecidas(bruto, base, CHAVES_SORTEIO)
        dia = bruto.get("data")
        if not isinstance(dia, date) or isinstance(dia, datetime):
            self.erro(f"{base}.data", "a data do sorteio, sem aspas, como 2025-06-26")
            dia = None
        semente = self._texto(bruto, base, "semente")
        posicao = self._inteiro(bruto, base, "posicao")
        cargos = bruto.get("cargos")
        if (
            not isinstance(cargos, list)
            or len(cargos) < 2
            or not all(isinstance(c, str) and c.strip() for c in cargos)
        ):
            self.erro(
                f"{base}.cargos", 'os códigos dos cargos sorteados, ao menos dois: ["A", "B"]'
            )
            cargos = None
        elif len(set(cargos)) != len(cargos):
            self.erro(f"{base}.cargos", "um cargo repetido no sorteio")
            cargos = None
        sorteadas: dict[str, int] = {}
        bruto_sorteadas = bruto.get("sorteadas")
        if not isinstance(bruto_sorteadas, dict) or not bruto_sorteadas:
            self.erro(
                f"{base}.sorteadas",
                "quantos cargos recebem uma vaga reservada de cada lista: { negros = 1 }",
            )
        else:
            for lista, n in bruto_sorteadas.items():
                if lista not in listas:
                    self.erro(
                        f"{base}.sorteadas",
                        f"'{lista}' não é uma lista reservada deste edital (são: "
                        f"{', '.join(sorted(listas))})",
                    )
                elif isinstance(n, bool) or not isinstance(n, int) or n < 1:
                    self.erro(f"{base}.sorteadas", f"'{lista}': um número inteiro positivo")
                else:
                    sorteadas[lista] = n
        if cargos is not None and sum(sorteadas.values()) > len(cargos):
            self.erro(
                f"{base}.sorteadas",
                f"{sum(sorteadas.values())} vagas a sortear entre {len(cargos)} cargos: cada "
                "cargo recebe no máximo uma",
            )
            return None
        referencia = self._referencia(bruto, base)
        if None in (dia, semente, posicao, cargos, referencia) or not sorteadas:
            return None
        assert isinstance(dia, date) and semente and posicao and cargos and referencia
        return Sorteio(numero, referencia, semente, dia, posicao, tuple(cargos), sorteadas)
