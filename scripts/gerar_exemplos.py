"""Gera os exemplos fictícios de `exemplos/` (Montenegro/RS e Mostardas/RS).

Determinístico: rodar de novo produz os mesmos arquivos. Pessoas, nomes e CPFs
são inventados (CPFs com dígitos verificadores válidos, conferidos com
python-stdnum); nenhum dado real.

Para que os eventos façam sentido, o script calcula o início das listas por
nota: com 20% e arredondamento de frações ≥ 0,5 para cima, as nomeações
reservadas a negros são a 3ª, a 8ª, a 13ª...; os negros classificados dentro
das vagas de ampla concorrência são nomeados como ampla, e a vaga reservada vai
ao negro mais bem classificado fora delas.

Uso: `.venv/bin/python scripts/gerar_exemplos.py`
"""

from __future__ import annotations

import csv
import io
import random
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from stdnum.br import cpf as stdnum_cpf

RAIZ = Path(__file__).resolve().parent.parent / "exemplos"

NOMES = [
    "Ana",
    "Beatriz",
    "Camila",
    "Daniela",
    "Eduarda",
    "Fernanda",
    "Gabriela",
    "Helena",
    "Isabela",
    "Joana",
    "Larissa",
    "Luíza",
    "Mariana",
    "Natália",
    "Patrícia",
    "Rafaela",
    "Sabrina",
    "Tatiane",
    "Vitória",
    "Conceição",
    "Antônio",
    "Bruno",
    "Carlos",
    "Diego",
    "Eduardo",
    "Fábio",
    "Gustavo",
    "Henrique",
    "Igor",
    "João",
    "Lucas",
    "Márcio",
    "Nelson",
    "Otávio",
    "Paulo",
    "Rodrigo",
    "Sérgio",
    "Thiago",
    "Vinícius",
    "Wagner",
]
SOBRENOMES = [
    "Almeida",
    "Barbosa",
    "Cardoso",
    "Dias",
    "Esteves",
    "Ferreira",
    "Gonçalves",
    "Hoffmann",
    "Lima",
    "Machado",
    "Nunes",
    "Oliveira",
    "Pereira",
    "Quadros",
    "Rocha",
    "Santos",
    "Teixeira",
    "Vargas",
    "Xavier",
    "Zanella",
    "Brum",
    "Conceição",
    "da Silva",
    "de Souza",
    "Fagundes",
    "Garcia",
    "Kunz",
    "Lopes",
    "Moraes",
    "Prestes",
    "Ribeiro",
    "Schmitt",
]
COR_RACA = ["branca"] * 9 + ["preta"] * 3 + ["parda"] * 6 + ["amarela", "indigena"]


@dataclass
class Pessoa:
    inscricao: str
    nome: str
    cpf: str
    data_nascimento: date
    cargo: str
    nota: Decimal
    situacao: str = "aprovado"
    cor_raca: str = "branca"
    reserva_negros: bool = False
    pcd: bool = False
    heteroidentificacao: str = ""
    extras: dict[str, Decimal] = field(default_factory=dict)

    @property
    def negro_na_reserva(self) -> bool:
        return (
            self.situacao == "aprovado"
            and self.reserva_negros
            and self.heteroidentificacao in ("", "confirmado")
        )


def calcular_cpf(rng: random.Random, usados: set[str]) -> str:
    while True:
        base = [rng.randrange(10) for _ in range(9)]
        if len(set(base)) == 1:
            continue
        for tamanho in (9, 10):
            soma = sum((tamanho + 1 - i) * d for i, d in enumerate(base[:tamanho]))
            base.append((soma * 10) % 11 % 10)
        numero = "".join(map(str, base))
        assert stdnum_cpf.is_valid(numero), numero
        if numero not in usados:
            usados.add(numero)
            return numero


def gerar_pessoas(
    rng: random.Random,
    cargo: str,
    quantidade: int,
    prefixo: str,
    inicio: int,
    usados: set[str],
    com_comissao: bool,
) -> list[Pessoa]:
    notas = rng.sample(range(4000, 9800, 5), quantidade)  # notas distintas, em centésimos
    pessoas = []
    for i in range(quantidade):
        cor = rng.choice(COR_RACA)
        negro = cor in ("preta", "parda")
        pessoa = Pessoa(
            inscricao=f"{prefixo}{inicio + i:04d}",
            nome=f"{rng.choice(NOMES)} {rng.choice(SOBRENOMES)} {rng.choice(SOBRENOMES)}",
            cpf=calcular_cpf(rng, usados),
            data_nascimento=date(rng.randint(1972, 2004), rng.randint(1, 12), rng.randint(1, 28)),
            cargo=cargo,
            nota=Decimal(notas[i]) / 100,
            situacao="eliminado" if rng.random() < 0.1 else "aprovado",
            cor_raca=cor,
            reserva_negros=negro and rng.random() < 0.85,
            pcd=rng.random() < 0.07,
        )
        if com_comissao and pessoa.reserva_negros and pessoa.situacao == "aprovado":
            pessoa.heteroidentificacao = "confirmado"
        pessoas.append(pessoa)
    return pessoas


def por_nota(pessoas: list[Pessoa]) -> list[Pessoa]:
    """Classificação geral dos aprovados (os empates forçados já vêm resolvidos)."""
    return sorted((p for p in pessoas if p.situacao == "aprovado"), key=lambda p: -p.nota)


def reservadas(vagas: int, percentual: Decimal = Decimal("0.2")) -> int:
    """Frações ≥ 0,5 para cima, < 0,5 para baixo; sem reserva abaixo de 3 vagas."""
    if vagas < 3:
        return 0
    return int((percentual * vagas).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def pcd_devidas(vagas: int) -> int:
    """5% arredondado para cima, sem passar de 20% das vagas (arredondado para baixo)."""
    cima = -(-vagas * 5 // 100)
    return min(cima, vagas * 20 // 100)


def nomeados_na_reserva(pessoas: list[Pessoa], vagas: int) -> list[Pessoa]:
    """Os negros que ocupam as vagas reservadas: os melhores fora das vagas de ampla."""
    lista = por_nota(pessoas)
    ampla = vagas - reservadas(vagas) - pcd_devidas(vagas)
    dentro_da_ampla = set(id(p) for p in lista[:ampla])
    fila = [p for p in lista if p.negro_na_reserva and id(p) not in dentro_da_ampla and not p.pcd]
    return fila[: reservadas(vagas)]


def empatar(a: Pessoa, b: Pessoa) -> None:
    b.nota = a.nota


def escrever_csv(
    caminho: Path, pessoas: list[Pessoa], extras: list[str], sep: str, virgula: bool, cod: str
) -> None:
    def numero(valor: Decimal) -> str:
        texto = f"{valor:.2f}"
        return texto.replace(".", ",") if virgula else texto

    def data(valor: date) -> str:
        return valor.strftime("%d/%m/%Y") if virgula else valor.isoformat()

    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=sep, lineterminator="\r\n" if virgula else "\n")
    escritor.writerow(
        [
            "inscricao",
            "nome",
            "cpf",
            "data_nascimento",
            "cargo",
            "nota",
            "situacao",
            "cor_raca",
            "reserva_negros",
            "pcd",
            "heteroidentificacao",
            *extras,
            "opcao_lista",
        ]
    )
    for p in pessoas:
        cpf = stdnum_cpf.format(p.cpf) if virgula else p.cpf
        escritor.writerow(
            [
                p.inscricao,
                p.nome,
                cpf,
                data(p.data_nascimento),
                p.cargo,
                numero(p.nota),
                p.situacao,
                p.cor_raca,
                "sim" if p.reserva_negros else "não",
                "sim" if p.pcd else "não",
                p.heteroidentificacao,
                *(numero(p.extras[e]) for e in extras),
                "",  # opcao_lista: ninguém escolheu entre as duas reservas
            ]
        )
    caminho.write_bytes(saida.getvalue().encode(cod))


# ---------------------------------------------------------------- Montenegro/RS


def montenegro() -> None:
    rng = random.Random(7344)
    usados: set[str] = set()
    cargos = [
        ("PROF-MAT", "Professor de Matemática", 10, 62),
        ("ENF", "Enfermeiro", 13, 74),
        ("AGT-ADM", "Agente Administrativo", 4, 45),
    ]
    pessoas: dict[str, list[Pessoa]] = {}
    inicio = 1
    for codigo, _, _, quantidade in cargos:
        pessoas[codigo] = gerar_pessoas(rng, codigo, quantidade, "2025", inicio, usados, True)
        inicio += quantidade
    especificas = rng.sample(range(100, 400), sum(c[3] for c in cargos))
    for indice, p in enumerate(p for lista in pessoas.values() for p in lista):
        p.extras["nota_conhecimentos_especificos"] = Decimal(especificas[indice]) / 10

    # Todos os resultados da comissão (art. 8º: quem não é reconhecido segue na ampla).
    resultados = iter(["nao_confirmado", "ausente", "recusou_filmagem", "recusou_perguntas"])
    for codigo in ("PROF-MAT", "ENF"):
        lista = [p for p in por_nota(pessoas[codigo]) if p.reserva_negros]
        # candidatos bem classificados, para que o parecer mude o resultado
        for p in lista[2:4]:
            p.heteroidentificacao = next(resultados)

    # Uma negra confirmada entre as primeiras da lista geral: nomeada como ampla.
    topo = por_nota(pessoas["PROF-MAT"])[1]
    topo.cor_raca, topo.reserva_negros, topo.heteroidentificacao, topo.pcd = (
        "parda",
        True,
        "confirmado",
        False,
    )

    # Empates: dois resolvidos pela idade (um candidato com 60 anos ou mais)...
    mat = por_nota(pessoas["PROF-MAT"])
    mat[5].data_nascimento = date(1958, 3, 14)
    empatar(mat[4], mat[5])
    adm = por_nota(pessoas["AGT-ADM"])
    adm[2].data_nascimento = date(1961, 11, 2)
    empatar(adm[1], adm[2])
    # ...e um pelo critério do edital (maior nota em conhecimentos específicos).
    enf = por_nota(pessoas["ENF"])
    empatar(enf[6], enf[7])

    desistente = nomeados_na_reserva(pessoas["PROF-MAT"], 10)[0]  # a 3ª nomeação
    anulado = nomeados_na_reserva(pessoas["ENF"], 13)[1]  # a 8ª nomeação
    assert desistente.heteroidentificacao == "confirmado"

    todas = [p for lista in pessoas.values() for p in lista]
    pasta = RAIZ / "montenegro"
    pasta.mkdir(parents=True, exist_ok=True)
    escrever_csv(
        pasta / "candidatos.csv", todas, ["nota_conhecimentos_especificos"], ",", False, "utf-8"
    )
    blocos_cargos = "\n".join(
        f'[[cargos]]\ncodigo = "{c}"\nnome = "{n}"\nvagas = {v}\n' for c, n, v, _ in cargos
    )
    (pasta / "cenario.toml").write_text(
        f'''# Exemplo fictício: concurso de Montenegro/RS sob a Lei 7.344/2025.
# Gerado por scripts/gerar_exemplos.py; pessoas e CPFs inventados.

[certame]
nome = "Concurso Público 01/2025"
municipio = "Montenegro/RS"
data_edital = 2025-06-10
tipo = "concurso_publico"
validade_ate = 2027-06-10
data_referencia_idade = 2025-07-10   # último dia das inscrições
candidatos = "candidatos.csv"

[pcd]                                # do edital
percentual = 5
arredondamento = "cima"
teto = 20

[[desempate]]                        # depois da idade (Lei 10.741/2003, art. 27)
coluna = "nota_conhecimentos_especificos"
sentido = "maior"

{blocos_cargos}
[[eventos]]
data = 2025-09-15
tipo = "desistencia"
inscricao = "{desistente.inscricao}"
justificativa = "Termo de desistência da nomeação em vaga reservada"

[[eventos]]
data = 2025-10-01
tipo = "novas_vagas"
cargo = "PROF-MAT"
quantidade = 3
justificativa = "Lei municipal cria 3 cargos de Professor de Matemática"

[[eventos]]
data = 2025-11-20
tipo = "anulacao"
inscricao = "{anulado.inscricao}"
justificativa = "Falsidade da autodeclaração apurada em processo administrativo (arts. 11 a 13)"
notificacao = 2025-10-20                # procedimento com contraditório e ampla defesa
defesa = 2025-11-04
decisao = 2025-11-20
autoridade = "Prefeito Municipal"
''',
        encoding="utf-8",
    )


# ---------------------------------------------------------------- Mostardas/RS


def mostardas() -> None:
    rng = random.Random(3920)
    usados: set[str] = set()
    cargos = [
        ("PROF-AI", "Professor de Anos Iniciais", 15, 70),
        ("TEC-ENF", "Técnico de Enfermagem", 8, 48),
        ("MOT", "Motorista", 5, 40),
    ]
    pessoas: dict[str, list[Pessoa]] = {}
    inicio = 1
    for codigo, _, _, quantidade in cargos:
        pessoas[codigo] = gerar_pessoas(rng, codigo, quantidade, "23", inicio, usados, False)
        inicio += quantidade

    # Um empate resolvido pela idade (candidato com 60 anos ou mais).
    mot = por_nota(pessoas["MOT"])
    mot[3].data_nascimento = date(1960, 5, 20)
    empatar(mot[2], mot[3])

    desistente = nomeados_na_reserva(pessoas["PROF-AI"], 15)[0]  # a 3ª nomeação
    anulado = nomeados_na_reserva(pessoas["TEC-ENF"], 8)[0]  # a 3ª nomeação

    todas = [p for lista in pessoas.values() for p in lista]
    pasta = RAIZ / "mostardas"
    pasta.mkdir(parents=True, exist_ok=True)
    # Como sai de planilhas brasileiras: ";", vírgula decimal, Windows-1252.
    escrever_csv(pasta / "candidatos.csv", todas, [], ";", True, "cp1252")
    blocos_cargos = "\n".join(
        f'[[cargos]]\ncodigo = "{c}"\nnome = "{n}"\nvagas = {v}\n' for c, n, v, _ in cargos
    )
    (pasta / "cenario.toml").write_text(
        f'''# Exemplo fictício: concurso de Mostardas/RS sob a Lei 3.920/2019.
# Gerado por scripts/gerar_exemplos.py; pessoas e CPFs inventados.
# Sem comissão de heteroidentificação (a lei de Mostardas não a prevê).

[certame]
nome = "Concurso Público 01/2023"
municipio = "Mostardas/RS"
data_edital = 2023-03-01
tipo = "concurso_publico"
orgao = "administracao_direta"       # a lei só abrange a administração direta (art. 1º)
validade_ate = 2025-03-01
candidatos = "candidatos.csv"

[pcd]
percentual = 5
arredondamento = "cima"
teto = 20

{blocos_cargos}
[[eventos]]
data = 2023-06-12
tipo = "desistencia"
inscricao = "{desistente.inscricao}"
justificativa = "Desistência formal antes da posse"

[[eventos]]
data = 2023-09-04
tipo = "novas_vagas"
cargo = "PROF-AI"
quantidade = 4
justificativa = "Lei municipal amplia o quadro do magistério (primeira leva)"

[[eventos]]
data = 2024-02-19
tipo = "novas_vagas"
cargo = "PROF-AI"
quantidade = 3
justificativa = "Aposentadorias no magistério (segunda leva)"

[[eventos]]
data = 2024-05-06
tipo = "anulacao"
inscricao = "{anulado.inscricao}"
justificativa = "Declaração falsa apurada em processo administrativo (art. 2º, parágrafo único)"
notificacao = 2024-04-05                # procedimento com contraditório e ampla defesa
defesa = "nao_apresentada"
decisao = 2024-05-06
autoridade = "Prefeito Municipal"
''',
        encoding="utf-8",
    )


# ---------------------------------------------------------------- Lei 15.142/2025 (federal)

# O que a Lei 15.142 deixa ao regulamento e nenhuma fonte oficial lida fixa, como um edital
# fictício o fixaria (a divisão dos 30%, a regra do maior percentual e a verificação documental
# de indígenas vêm dos dados da lei: docs/fontes/federal/editais-dou-decreto-12536.txt).
_INFORMADOS_FEDERAL = {
    "pretos_pardos.reversao": '["indigenas", "quilombolas", "ampla"]',
    "indigenas.reversao": '["quilombolas", "pretos_pardos", "ampla"]',
    "quilombolas.reversao": '["indigenas", "pretos_pardos", "ampla"]',
    "quilombolas.verificacao": '"documental"',
    "heteroidentificacao.membros": "5",
    "heteroidentificacao.momento": '"aprovados_antes_da_homologacao"',
    "heteroidentificacao.posse_apos_parecer": "true",
    "heteroidentificacao.recursos": "true",
    "heteroidentificacao.registro_audiovisual": "true",
    "heteroidentificacao.recusa_filmagem": '"ampla"',
    "heteroidentificacao.decisao": '"maioria"',
    "heteroidentificacao.decisao_base": '"membros"',
    "heteroidentificacao.recorrentes": '["candidato"]',
}
_GRUPOS_FEDERAL = ("pretos_pardos", "indigenas", "quilombolas")


def federal() -> None:
    """Um concurso de uma autarquia federal sob a Lei 15.142/2025: os três grupos, a comissão
    para pessoas pretas e pardas e a análise de documentos para indígenas e quilombolas, com
    todos os pareceres já registrados (o certame homologa)."""
    rng = random.Random(15142)
    usados: set[str] = set()
    linhas = [
        [
            "inscricao",
            "nome",
            "cpf",
            "data_nascimento",
            "cargo",
            "nota",
            "situacao",
            "cor_raca",
            "pcd",
            *(c for g in _GRUPOS_FEDERAL for c in (f"reserva_{g}", f"confirmacao_{g}")),
        ]
    ]
    notas = rng.sample(range(4000, 9800, 5), 90)
    for i, nota in enumerate(notas):
        cor = rng.choice(COR_RACA)
        grupo = ""
        if cor in ("preta", "parda") and rng.random() < 0.8:
            grupo = "pretos_pardos"
        elif cor == "indigena" or rng.random() < 0.04:
            grupo = "indigenas"
        elif rng.random() < 0.03:
            grupo = "quilombolas"
        resultado = "confirmado" if rng.random() < 0.9 else "nao_confirmado"
        colunas = []
        for g in _GRUPOS_FEDERAL:
            colunas += ["sim", resultado] if g == grupo else ["não", ""]
        linhas.append(
            [
                f"26{i + 1:04d}",
                f"{rng.choice(NOMES)} {rng.choice(SOBRENOMES)} {rng.choice(SOBRENOMES)}",
                calcular_cpf(rng, usados),
                date(rng.randint(1972, 2004), rng.randint(1, 12), rng.randint(1, 28)).isoformat(),
                "ANALISTA",
                f"{Decimal(nota) / 100:.2f}",
                "aprovado",
                cor,
                "sim" if rng.random() < 0.06 else "não",
                *colunas,
            ]
        )
    pasta = RAIZ / "federal-15142"
    pasta.mkdir(parents=True, exist_ok=True)
    saida = io.StringIO()
    csv.writer(saida, lineterminator="\n").writerows(linhas)
    (pasta / "candidatos.csv").write_text(saida.getvalue(), encoding="utf-8")
    informados = "\n".join(
        f'"{nome}" = {{ valor = {valor}, justificativa = "Edital nº 1/2026 (fictício), anexo II" }}'
        for nome, valor in _INFORMADOS_FEDERAL.items()
    )
    (pasta / "cenario.toml").write_text(
        f"""# Exemplo fictício: concurso de uma autarquia federal sob a Lei 15.142/2025.
# Gerado por scripts/gerar_exemplos.py; pessoas e CPFs inventados. O que a lei deixa ao
# regulamento e nenhuma fonte oficial lida fixa (a ordem entre os grupos, a verificação de
# quilombolas, a comissão) vem em [parametros_lei], com a justificativa; a divisão dos 30%, a
# regra do maior percentual e a verificação de indígenas vêm dos dados da lei.

[certame]
nome = "Concurso Público 01/2026 — Autarquia Federal de Exemplo"
municipio = "União"
data_edital = 2026-02-02
tipo = "concurso_publico"
orgao = "autarquia"                  # a lei abrange a administração federal (art. 1º, I)
validade_ate = 2028-02-02
candidatos = "candidatos.csv"

[pcd]                                # do edital
percentual = 5
arredondamento = "cima"
teto = 20

[parametros_lei]
{informados}

[[cargos]]
codigo = "ANALISTA"
nome = "Analista Administrativo"
vagas = 40
""",
        encoding="utf-8",
    )


if __name__ == "__main__":
    montenegro()
    mostardas()
    federal()
    print(f"Exemplos gerados em {RAIZ}")
