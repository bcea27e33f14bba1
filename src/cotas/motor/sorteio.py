"""O sorteio entre cargos de poucas vagas: qual cargo recebe a vaga reservada.

Quando o edital manda sortear, entre cargos que a lei sozinha deixaria sem reserva, quais
recebem uma vaga reservada (como no CPNU 2), o resultado tem de ser reproduzível por qualquer um:
a semente fica registrada no edital, e cada extração é o resto da divisão do SHA-256 de
`"<semente>|<número da extração>"` (o número em decimal, o texto em UTF-8, o resumo lido como um
inteiro sem sinal, do byte mais significativo ao menos) pelo número de cargos ainda não
sorteados, na ordem em que o edital os lista (docs/INTERPRETACAO.md#sorteio-entre-cargos). As
listas se sorteiam na ordem do edital; cada cargo recebe no máximo uma vaga do sorteio. A mesma
semente dá sempre o mesmo resultado; a ata (`ata_do_sorteio`) diz a semente, o método, cada
extração e o fundamento, para que se confira sem este programa.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from cotas.motor.erros import LeiInvalida
from cotas.motor.ordem import ordinal
from cotas.motor.razoes import Razao, Referencia, citacoes
from cotas.motor.regras import Regras
from cotas.motor.regras_do_edital import Sorteio


@dataclass(frozen=True)
class Extracao:
    """Uma extração: o número dela, a lista sorteada, quantos cargos concorriam, o resumo, o
    resto e o cargo que saiu."""

    numero: int
    lista: str
    concorrentes: int
    resumo: str  # o SHA-256, em hexadecimal
    resto: int
    cargo: str


@dataclass(frozen=True)
class ResultadoDoSorteio:
    sorteio: Sorteio
    extracoes: tuple[Extracao, ...]

    def lista_do_cargo(self) -> dict[str, str]:
        return {e.cargo: e.lista for e in self.extracoes}


def sortear(sorteio: Sorteio) -> ResultadoDoSorteio:
    """As extrações do sorteio, da semente registrada: sempre as mesmas para a mesma semente."""
    restantes = list(sorteio.cargos)
    extracoes: list[Extracao] = []
    numero = 0
    for lista, quantas in sorteio.sorteadas.items():
        for _ in range(quantas):
            numero += 1
            if not restantes:
                raise LeiInvalida(
                    f"{sorteio.referencia.citacao()}: o sorteio dá mais vagas "
                    f"({sum(sorteio.sorteadas.values())}) do que há cargos nele "
                    f"({len(sorteio.cargos)}); cada cargo recebe no máximo uma."
                )
            resumo = hashlib.sha256(f"{sorteio.semente}|{numero}".encode()).digest()
            resto = int.from_bytes(resumo, "big") % len(restantes)
            cargo = restantes.pop(resto)
            extracoes.append(
                Extracao(numero, lista, len(restantes) + 1, resumo.hex(), resto, cargo)
            )
    return ResultadoDoSorteio(sorteio, tuple(extracoes))


def posicoes_sorteadas(
    regras: Regras, vagas: Mapping[str, int]
) -> dict[str, dict[int, tuple[str, Razao]]]:
    """Cargo -> as posições que os sorteios do edital fixaram na ordem dele (posição -> lista e a
    razão, com o item do edital e o percentual da lei que o sorteio aplica). `LeiInvalida` com
    todos os problemas: um cargo do sorteio que o certame não tem, ou com menos vagas no edital
    do que a posição sorteada, ou duas posições sorteadas na mesma vaga."""
    do_edital = regras.do_edital
    if do_edital is None or not do_edital.sorteios:
        return {}
    fixadas: dict[str, dict[int, tuple[str, Razao]]] = {}
    problemas: list[str] = []
    for sorteio in do_edital.sorteios:
        cita = sorteio.referencia.citacao()
        for cargo in sorteio.cargos:
            if cargo not in vagas:
                problemas.append(f"{cita}: o cargo '{cargo}' do sorteio não está no certame")
            elif vagas[cargo] < sorteio.posicao:
                problemas.append(
                    f"{cita}: o cargo '{cargo}' tem {vagas[cargo]} vaga(s) no edital; a "
                    f"{ordinal(sorteio.posicao)} posição sorteada não existe nele"
                )
        if problemas:
            continue
        for extracao in sortear(sorteio).extracoes:
            do_cargo = fixadas.setdefault(extracao.cargo, {})
            if sorteio.posicao in do_cargo:
                problemas.append(
                    f"{cita}: o cargo '{extracao.cargo}' já recebeu a "
                    f"{ordinal(sorteio.posicao)} vaga por outro sorteio"
                )
                continue
            do_cargo[sorteio.posicao] = (extracao.lista, _razao(regras, sorteio, extracao))
    if problemas:
        raise LeiInvalida("Sorteio do edital que o certame não admite: " + "; ".join(problemas))
    return fixadas


def _fundamentos(regras: Regras, sorteio: Sorteio, lista: str) -> tuple[Referencia, ...]:
    grupo = regras.grupo(lista)
    refs = [sorteio.referencia]
    if grupo is not None:
        refs += [r for r in (*grupo.ref("percentual"), *grupo.ref("limiar")) if r not in refs]
    return tuple(refs)


def _razao(regras: Regras, sorteio: Sorteio, extracao: Extracao) -> Razao:
    grupo = regras.grupo(extracao.lista)
    rotulo = grupo.rotulo if grupo is not None else extracao.lista
    texto = (
        f"A {ordinal(sorteio.posicao)} nomeação do cargo {extracao.cargo} é reservada a {rotulo} "
        f"pelo sorteio entre cargos de {sorteio.data:%d/%m/%Y} ({sorteio.referencia.citacao()}): "
        f'a {ordinal(extracao.numero)} extração, da semente registrada "{sorteio.semente}", '
        f"escolheu este cargo entre {extracao.concorrentes}."
    )
    valores = (
        ("grupo", extracao.lista),
        ("sorteio", str(sorteio.numero)),
        ("semente", sorteio.semente),
        ("extracao", str(extracao.numero)),
    )
    return Razao("vaga_sorteada", texto, _fundamentos(regras, sorteio, extracao.lista), valores)


def ata_do_sorteio(regras: Regras, resultado: ResultadoDoSorteio) -> str:
    """A ata do sorteio: o fundamento, a semente, o método, os cargos, cada extração e o
    resultado, com o que basta para refazê-lo sem este programa."""
    sorteio = resultado.sorteio
    refs = []
    for lista in sorteio.sorteadas:
        refs += [r for r in _fundamentos(regras, sorteio, lista) if r not in refs]
    linhas = [
        f"ATA DO SORTEIO ENTRE CARGOS Nº {sorteio.numero} — {do_edital_norma(regras)}",
        "",
        f"Data do sorteio: {sorteio.data:%d/%m/%Y}.",
        f"Fundamento: {citacoes(tuple(refs))}.",
        f'{sorteio.referencia.citacao()}: "{sorteio.referencia.texto}"',
        "",
        f'Semente registrada: "{sorteio.semente}".',
        'Método: em cada extração n, calcula-se o SHA-256 do texto "<semente>|<n>" (UTF-8), '
        "lido como um número inteiro; o resto da divisão dele pelo número de cargos ainda não "
        "sorteados indica o cargo, contado a partir de 0 na ordem abaixo, sem os já sorteados. "
        "Cada cargo recebe no máximo uma vaga do sorteio; as listas se sorteiam na ordem do "
        "edital.",
        f"A vaga sorteada é a {ordinal(sorteio.posicao)} da ordem de nomeação do cargo.",
        "",
        "Cargos participantes, na ordem do edital: " + ", ".join(sorteio.cargos) + ".",
        "Vagas a sortear: "
        + "; ".join(f"{_rotulo(regras, lista)}: {n}" for lista, n in sorteio.sorteadas.items())
        + ".",
        "",
        "Extrações:",
    ]
    for e in resultado.extracoes:
        linhas.append(
            f'  {e.numero}ª ({_rotulo(regras, e.lista)}): SHA-256("{sorteio.semente}|{e.numero}") '
            f"= {e.resumo}; resto por {e.concorrentes} = {e.resto}; cargo sorteado: {e.cargo}."
        )
    linhas += ["", "Resultado:"]
    linhas += [
        f"  {e.cargo}: a {ordinal(sorteio.posicao)} vaga reservada a {_rotulo(regras, e.lista)}."
        for e in resultado.extracoes
    ]
    sem = [c for c in sorteio.cargos if c not in resultado.lista_do_cargo()]
    if sem:
        linhas.append(f"  Sem vaga sorteada: {', '.join(sem)}.")
    return "\n".join(linhas) + "\n"


def do_edital_norma(regras: Regras) -> str:
    return regras.do_edital.norma if regras.do_edital is not None else "Edital"


def _rotulo(regras: Regras, lista: str) -> str:
    grupo = regras.grupo(lista)
    return grupo.rotulo if grupo is not None else lista
